package org.diolab.live.job;

import java.util.Locale;

/**
 * The I/O engine a job's threads use, named as fio names it ({@code ioengine=}): the two synchronous ones run one
 * I/O at a time per thread (fio ignores {@code iodepth} for them, and so does DIO Lab); the two asynchronous ones keep
 * {@code iodepth} I/Os in flight per thread through the kernel's queues.
 */
public enum Engine {
    /** {@code pread/pwrite}; with RWF_* flags (DONTCACHE, NOWAIT) {@code preadv2/pwritev2}, as fio's psync cannot. */
    PSYNC("psync", true),
    /** {@code preadv2/pwritev2} for every I/O, flags or not. */
    PVSYNC2("pvsync2", true),
    /** Linux native AIO: {@code io_submit} and {@code io_getevents} on one context per thread. */
    LIBAIO("libaio", false),
    /** io_uring: one ring per thread, submitted and reaped through {@code io_uring_enter}. */
    IO_URING("io_uring", false);

    private final String fioName;
    private final boolean sync;

    Engine(String fioName, boolean sync) {
        this.fioName = fioName;
        this.sync = sync;
    }

    /** fio's name, which is also DIO Lab's: {@code psync}, {@code pvsync2}, {@code libaio}, {@code io_uring}. */
    public String fioName() {
        return fioName;
    }

    /** True for the engines that complete each I/O inside the call that issues it. */
    public boolean sync() {
        return sync;
    }

    /**
     * Parses fio's names; {@code sync} and {@code pvsync} (read/write and preadv/pwritev, one I/O at a time) are
     * taken as psync: the same I/O at the same offsets, by positional calls.
     */
    public static Engine parse(String s) {
        String v = s.trim().toLowerCase(Locale.ROOT);
        return switch (v) {
            case "psync", "sync", "pvsync" -> PSYNC;
            case "pvsync2" -> PVSYNC2;
            case "libaio" -> LIBAIO;
            case "io_uring" -> IO_URING;
            default ->
                throw LiveRefusal.badOption("ioengine " + s + " is not one DIO Lab has; use psync, pvsync2, libaio"
                        + " or io_uring (sync and pvsync run as psync)");
        };
    }
}
