package org.diolab.live.job;

/** The access pattern of a job, named as fio names it ({@code rw=}). */
public enum RwPattern {
    READ("read", false, true, false),
    WRITE("write", false, false, true),
    RANDREAD("randread", true, true, false),
    RANDWRITE("randwrite", true, false, true),
    RANDRW("randrw", true, true, true),
    /** fio's {@code rw=rw} (also {@code readwrite}): sequential reads and writes mixed, each with its own offset. */
    RW("rw", false, true, true);

    private final String fioName;
    private final boolean random;
    private final boolean reads;
    private final boolean writes;

    RwPattern(String fioName, boolean random, boolean reads, boolean writes) {
        this.fioName = fioName;
        this.random = random;
        this.reads = reads;
        this.writes = writes;
    }

    public String fioName() {
        return fioName;
    }

    public boolean random() {
        return random;
    }

    public boolean reads() {
        return reads;
    }

    public boolean writes() {
        return writes;
    }

    /** Reads and writes mixed by {@code rwmixread}. */
    public boolean mixed() {
        return reads && writes;
    }

    /** Parses fio's names for the patterns DIO Lab runs. */
    public static RwPattern parse(String s) {
        String v = s.trim().toLowerCase(java.util.Locale.ROOT);
        if (v.equals("readwrite")) {
            return RW;
        }
        for (RwPattern p : values()) {
            if (p.fioName.equals(v)) {
                return p;
            }
        }
        if (v.contains("trim")) {
            // fio trims with BLKDISCARD (os_trim in its os-linux.h), a block device's ioctl; checked with fio 3.33
            throw LiveRefusal.badOption("rw=" + v + " trims, which fio does with the BLKDISCARD ioctl of block"
                    + " devices: on a regular file it fails with ENOTTY and fio ends the job at its first trim"
                    + " (err=25); DIO Lab runs on regular files, so it has no trim to run");
        }
        throw LiveRefusal.badOption("unknown rw '" + s + "'; use one of read, write, randread, randwrite, randrw, rw");
    }
}
