package org.diolab.engine.model;

/**
 * btrfs's async checksum work item for one write bio (S004): queued at submission, run by a kworker, completing
 * {@code csum_done}.
 *
 * @param savedIter blocks in the iterator copied at queue time ({@code csum_saved_iter}), or -1 when none was saved
 *                  and the worker must read the bio's live iterator
 * @param covered   blocks the worker checksummed, or -1 before it ran
 * @param done      csum_done has been completed
 */
public record CsumWork(String id, String bio, int savedIter, int covered, boolean done) {
    public static CsumWork queued(String bio, int savedIter) {
        return new CsumWork(bio + ".csum", bio, savedIter, -1, false);
    }

    public CsumWork completed(int blocks) {
        return new CsumWork(id, bio, savedIter, blocks, true);
    }
}
