package org.diolab.live.kernel.trace.meaning;

/** Why a stretch of a recording was picked, in the order the picker prefers them. */
public enum FailureKind {
    /** A direct read of good data failed with EIO: S000's false checksum failure. */
    EIO_READ("read failed with EIO"),
    /** A write failed with EIO. */
    EIO_WRITE("write failed with EIO"),
    /** A RWF_NOWAIT call returned EAGAIN. */
    EAGAIN("returned EAGAIN"),
    /** The legs of a RAID1 hold different data at an offset the lab wrote (a finding written after comparing). */
    LEGS_DIFFER("the legs differ"),
    /** A call failed with another errno. */
    OTHER_ERROR("failed"),
    /** It moved fewer bytes than asked. */
    SHORT("short transfer"),
    /** iomap reported an error no lab call returned (the kernel retried, or the call was not marked). */
    DIO_ERROR("direct I/O error in the kernel"),
    /** The kernel logged a checksum failure outside any failed call. */
    CSUM_LOG("'csum failed' in the kernel log"),
    /** A lab thread waited for a sleeping lock (an rwsem: READ or WRITE; a mutex), from contention_begin to end. */
    LOCK_WAIT("waited for a sleeping lock"),
    /** A call that took far longer than the others (a lock convoy's waiter). */
    SLOW("much slower than the others"),
    /** No failure: an ordinary call, to show what the kernel does when nothing goes wrong. */
    SAMPLE("an ordinary call");

    private final String words;

    FailureKind(String words) {
        this.words = words;
    }

    public String words() {
        return words;
    }
}
