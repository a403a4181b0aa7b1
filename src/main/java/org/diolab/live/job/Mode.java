package org.diolab.live.job;

/**
 * How a job's data travels between the user buffer and the file. These are the live forms of the policies the
 * lessons toggle: {@code zero-copy} is {@link #DIRECT}, {@code bounce} is {@link #BOUNCE}, {@code buffered-fallback}
 * is {@link #BUFFERED}, {@code dontcache} is {@link #DONTCACHE}.
 */
public enum Mode {
    /**
     * Page-cache I/O: the kernel copies the user buffer into the page cache at syscall time. With
     * {@code endFsync} it is the {@code buffered-fallback} policy (968f19c5b1b7): buffered writes, then fdatasync.
     */
    BUFFERED("buffered", false),
    /** O_DIRECT from the user buffer itself: the device reads the user's pages when it runs (zero copy). */
    DIRECT("direct", true),
    /** O_DIRECT from a private aligned copy taken before submission: later stores to the user buffer cannot leak. */
    BOUNCE("bounce", true),
    /** Buffered I/O with RWF_DONTCACHE: one copy, and the pages are dropped once the I/O is done (Linux 6.14+). */
    DONTCACHE("dontcache", false);

    private final String cliName;
    private final boolean direct;

    Mode(String cliName, boolean direct) {
        this.cliName = cliName;
        this.direct = direct;
    }

    /** The name used on the command line and in job files. */
    public String cliName() {
        return cliName;
    }

    /** True when the file is opened with O_DIRECT, which makes buffer, offset and length alignment mandatory. */
    public boolean usesODirect() {
        return direct;
    }

    /** Parses a command-line name; the error lists the valid names. */
    public static Mode parse(String s) {
        for (Mode m : values()) {
            if (m.cliName.equalsIgnoreCase(s.trim())) {
                return m;
            }
        }
        throw LiveRefusal.badOption("unknown mode '" + s + "'; use one of buffered, direct, bounce, dontcache");
    }
}
