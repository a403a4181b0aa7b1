package org.diolab.live.engine;

/**
 * One I/O as an engine sees it, fio's {@code io_u}: which of the engine's files, read or write, where in memory, how
 * many bytes, at which file offset, with which RWF_* flags and fixed buffer, and, once the engine reaped it, its
 * result (bytes moved, or minus errno). A worker owns a fixed set of units, made before its loop starts and reused
 * for every I/O, so issuing one allocates nothing; an engine hands a unit back through {@link IoEngine#event}.
 */
public final class IoUnit {
    private final int index;
    int file;
    boolean write;
    long address;
    int length;
    long offset;
    int rwFlags;
    int bufIndex;
    boolean helper;
    long result;

    /** Unit {@code index} of its worker: what the kernel carries back as the completion's user data. */
    public IoUnit(int index) {
        this.index = index;
    }

    /**
     * Sets the next I/O: {@code length} bytes at {@code address} to or from the engine's file {@code file} at
     * {@code offset}. {@code bufIndex} is the fixed buffer it lies in (io_uring's fixedbufs); {@code helper} runs it
     * on the file's helper thread under a synchronous engine (a mirror leg beside leg 0).
     */
    public void set(
            int file, boolean write, long address, int length, long offset, int rwFlags, int bufIndex, boolean helper) {
        this.file = file;
        this.write = write;
        this.address = address;
        this.length = length;
        this.offset = offset;
        this.rwFlags = rwFlags;
        this.bufIndex = bufIndex;
        this.helper = helper;
        this.result = 0;
    }

    /** After a short transfer of {@code n} bytes: the rest, to be queued again. */
    public void advance(long n) {
        address += n;
        length -= (int) n;
        offset += n;
    }

    /** Drops {@code flag} from the RWF_* flags (NOWAIT after its EAGAIN), for the I/O queued again. */
    public void clearFlag(int flag) {
        rwFlags &= ~flag;
    }

    public int index() {
        return index;
    }

    public int file() {
        return file;
    }

    public boolean write() {
        return write;
    }

    public int length() {
        return length;
    }

    public long offset() {
        return offset;
    }

    public int rwFlags() {
        return rwFlags;
    }

    /** Bytes moved, or minus errno; valid once the engine returned the unit as done. */
    public long result() {
        return result;
    }
}
