package org.diolab.live.scratch;

import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;

/**
 * What closing a scratch session removed and what it could not, so nobody is told "files removed" while files
 * stay.
 *
 * @param removed    names removed (the lock file included)
 * @param notRemoved names left, each with the reason
 */
public record CleanupReport(Path dir, List<String> removed, List<SweepReport.Left> notRemoved) {
    public CleanupReport {
        removed = List.copyOf(removed);
        notRemoved = List.copyOf(notRemoved);
    }

    /** True when everything the session created is gone. */
    public boolean complete() {
        return notRemoved.isEmpty();
    }

    /** One line for people: what was removed, and what stayed and why. */
    public String summary() {
        if (complete()) {
            return "scratch files removed";
        }
        return "could not remove " + notRemoved.size() + " scratch file(s) in " + dir + ": "
                + notRemoved.stream().map(l -> l.name() + " (" + l.why() + ")").collect(Collectors.joining(", "))
                + (removed.isEmpty() ? "" : "; removed " + removed.size() + " other(s)")
                + "; remove them by hand once the directory is writable again (or rerun there: the next run"
                + " sweeps them)";
    }
}
