package org.diolab.live.job;

/**
 * When the per-4-KiB CRC32C of written data is computed, relative to the write's submission.
 *
 * <p>{@link #SYNC} checksums before submitting, as btrfs did before S004; {@link #ASYNC} hands the checksum to another
 * thread and submits at once, waiting for the checksum only before the I/O counts as complete (S004's
 * {@code csum_done} before {@code end_io}). Reads are always verified after they complete: the data has to be there.
 */
public enum CsumMode {
    NONE("none"),
    SYNC("sync"),
    ASYNC("async");

    private final String cliName;

    CsumMode(String cliName) {
        this.cliName = cliName;
    }

    public String cliName() {
        return cliName;
    }

    public static CsumMode parse(String s) {
        for (CsumMode m : values()) {
            if (m.cliName.equalsIgnoreCase(s.trim())) {
                return m;
            }
        }
        throw LiveRefusal.badOption("unknown csum '" + s + "'; use one of none, sync, async");
    }
}
