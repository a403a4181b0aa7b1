package org.diolab.live.kernel.scenario;

/**
 * The upstream change a verdict points to: a commit (12-hex id and subject) or a patch or series that the seed thread
 * discusses (no id), with what it does. Only ids and subjects that appear in the lesson sources or in the project's
 * fact sheet are used; none is made up.
 *
 * @param commit 12 hex digits, or empty for a patch that has no commit id
 * @param subject the commit's or patch's subject line, or empty where the sources give only the id
 * @param source where the fact comes from: a seed key (S000, S003, S002) or a source file
 */
public record Reference(String commit, String subject, String what, String source) {
    public Reference {
        if (!commit.isEmpty() && !commit.matches("[0-9a-f]{12}")) {
            throw new IllegalArgumentException("commit id must be 12 hex digits: " + commit);
        }
    }

    /**
     * "7c2830f00c3e ("btrfs: fallback to buffered IO if the data profile has duplication")", or the id alone where
     * the sources give no subject, or the patch's subject and its thread where it has no id.
     */
    public String cite() {
        if (commit.isEmpty()) {
            return "\"" + subject + "\" (" + source + ")";
        }
        return subject.isEmpty() ? commit : commit + " (\"" + subject + "\")";
    }
}
