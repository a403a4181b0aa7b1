package org.diolab.live.run;

import java.lang.foreign.MemorySegment;
import java.util.concurrent.locks.LockSupport;
import org.diolab.live.job.CsumImpl;
import org.diolab.sys.Threads;

/**
 * S004's {@code async_csum}: the checksum of a write is computed on another thread while the write is submitted.
 * The worker waits for it before the write counts as complete, as {@code btrfs_bio_end_io()} waits on
 * {@code csum_done}. {@link #submit} captures the buffer and offset before the write is issued: the equivalent of
 * saving {@code bi_iter} before submission advances it.
 *
 * <p>At queue depth N up to N writes may wait for their checksums at once: they are kept in a ring of N slots,
 * checksummed in the order submitted by the one helper thread, and each is awaited by its sequence number. One
 * writer (the worker) and one reader (the helper): the slot's inputs are written before the volatile store of
 * {@code submitted}, the sums before the volatile store of {@code done}. Nothing is allocated per write.
 */
final class AsyncChecksummer implements AutoCloseable {
    private static final int SPINS = 200;

    private final Crc32c crc;
    private final ChecksumTable[] tables;
    private final MemorySegment[] data;
    private final long[] offsets;
    private final Thread thread;
    private volatile long submitted;
    private volatile long done;
    private volatile boolean closed;
    private volatile Thread waiter;
    private volatile Throwable failure;

    AsyncChecksummer(CsumImpl impl, int capacity, String name) {
        this.crc = Crc32c.of(impl); // used only on the helper thread
        this.tables = new ChecksumTable[capacity];
        this.data = new MemorySegment[capacity];
        this.offsets = new long[capacity];
        this.thread = Threads.startDaemon(name, this::loop);
    }

    /**
     * Starts checksumming {@code buf}, to be written at {@code fileOffset}, into {@code table}; returns the number
     * to {@link #await} it by. At most {@code capacity} may be outstanding.
     */
    long submit(ChecksumTable table, MemorySegment buf, long fileOffset) {
        long seq = submitted;
        int slot = (int) (seq % tables.length);
        tables[slot] = table;
        data[slot] = buf;
        offsets[slot] = fileOffset;
        waiter = Thread.currentThread();
        submitted = seq + 1;
        LockSupport.unpark(thread);
        return seq;
    }

    /** Waits until checksum {@code seq} (and every one before it) is stored: csum_done. */
    void await(long seq) throws Exception {
        for (int i = 0; done <= seq; i++) {
            Throwable t = failure;
            if (t != null) {
                throw t instanceof Exception e ? e : new IllegalStateException(t);
            }
            if (closed) {
                throw new IllegalStateException("checksum thread " + thread.getName() + " was closed");
            }
            if (i < SPINS) {
                Thread.onSpinWait();
            } else {
                LockSupport.park(this);
            }
        }
    }

    private void loop() {
        long next = 0;
        while (!closed) {
            for (int i = 0; submitted == next && !closed; i++) {
                if (i < SPINS) {
                    Thread.onSpinWait();
                } else {
                    LockSupport.park(this);
                }
            }
            if (closed) {
                break;
            }
            int slot = (int) (next % tables.length);
            try {
                tables[slot].store(crc, data[slot], offsets[slot]);
            } catch (Throwable t) {
                failure = t;
            }
            done = ++next;
            LockSupport.unpark(waiter);
        }
        Thread w = waiter;
        if (w != null) {
            LockSupport.unpark(w);
        }
    }

    @Override
    public void close() {
        closed = true;
        LockSupport.unpark(thread);
    }
}
