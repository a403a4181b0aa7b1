package org.diolab.live.scratch;

import java.util.List;

/**
 * What the stale-file sweep did in a scratch directory.
 *
 * @param removed files of ended sessions it removed (name and size), lock files and directories included
 * @param left    files or lock files it looked at and left, each with why (a running session holds the lock, another
 *                user's, another host's, kept for reuse, not a DIO Lab lock, could not be removed)
 * @param undone  what sessions' teardowns undid outside the directory first ("unmounted /dev/loop3 from …",
 *                "detached /dev/loop3"); empty for plain scratch files
 */
public record SweepReport(List<Removed> removed, List<Left> left, List<String> undone) {
    public SweepReport {
        removed = List.copyOf(removed);
        left = List.copyOf(left);
        undone = List.copyOf(undone);
    }

    public SweepReport(List<Removed> removed, List<Left> left) {
        this(removed, left, List.of());
    }

    /** One removed entry: a data file (with its size), a session directory, or a lock file. */
    public record Removed(String name, long bytes, boolean directory) {
        public Removed(String name, long bytes) {
            this(name, bytes, false);
        }

        public boolean lockFile() {
            return !directory && name.endsWith(ScratchFileName.LOCK_SUFFIX);
        }
    }

    public record Left(String name, String why) {}

    public static SweepReport none() {
        return new SweepReport(List.of(), List.of());
    }

    /** Data files removed: neither lock files nor directories. */
    public int filesRemoved() {
        return (int)
                removed.stream().filter(r -> !r.lockFile() && !r.directory()).count();
    }

    public long bytesRemoved() {
        return removed.stream().mapToLong(Removed::bytes).sum();
    }
}
