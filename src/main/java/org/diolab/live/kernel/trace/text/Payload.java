package org.diolab.live.kernel.trace.text;

import java.util.Map;

/**
 * An event's fields, decoded for the events the kernel lab records; {@link Fields} for any other (its
 * {@code key=value} pairs, best effort). Offsets, sizes and sectors are as the kernel printed them (bytes, 512-byte
 * sectors).
 */
public sealed interface Payload {
    /** block:block_rq_issue / block_rq_complete / block_rq_insert: a request on a device (a loop device: a leg). */
    record BlockRequest(DevNum dev, String rwbs, long sector, int sectors, int bytes, int error, String comm)
            implements Payload {
        /** True for a write (rwbs starts with W, or F then W for a flush+write). */
        public boolean write() {
            return rwbs.indexOf('W') >= 0;
        }
    }

    /** block:block_bio_queue: a bio handed to a device's queue by {@code comm}. */
    record BioQueued(DevNum dev, String rwbs, long sector, int sectors, String comm) implements Payload {}

    /**
     * iomap:iomap_dio_rw_begin: a direct read or write entering iomap ({@code flags}: the kiocb's, DIRECT, NOWAIT ...).
     * On this kernel a synchronous pwrite's flags print no WRITE, so which it is comes from the lab's marker around
     * it, not from here.
     */
    record DioBegin(
            DevNum dev, long ino, long size, long offset, long length, String flags, String dioFlags, boolean aio)
            implements Payload {
        public boolean nowait() {
            return flags.contains("NOWAIT");
        }
    }

    /** iomap:iomap_dio_complete: its end, {@code error} the errno it failed with (negative) or 0. */
    record DioComplete(DevNum dev, long ino, long size, long offset, String flags, boolean aio, int error, long ret)
            implements Payload {}

    /** writeback:writeback_dirty_folio, folio_wait_writeback: one folio of an inode, on a bdi ("btrfs-1"). */
    record Folio(String bdi, long ino, long index) implements Payload {}

    /** lock:contention_begin ({@code flags} READ, WRITE, ...) and contention_end ({@code ret}). */
    record Contention(boolean begin, String lock, String flags, int ret) implements Payload {}

    /** sched:sched_switch: the CPU goes from one task to another; {@code prevState} R, S, D ... */
    record Switch(String prevComm, int prevPid, String prevState, String nextComm, int nextPid) implements Payload {}

    /** sched:sched_wakeup / sched_waking: {@code pid} made runnable. */
    record Wakeup(String comm, int pid, int targetCpu) implements Payload {}

    /** A trace_marker line of the kernel lab's own ({@code dio-lab ...}). */
    record Mark(LabMark mark) implements Payload {}

    /** A trace_marker line of someone else. */
    record Print(String text) implements Payload {}

    /** Any other event: its {@code key=value} pairs (btrfs, writeback, filemap events print most fields so). */
    record Fields(Map<String, String> values) implements Payload {
        public Fields {
            values = Map.copyOf(values);
        }

        /** The field's value as a number (decimal or 0x hex), or {@code fallback}. */
        public long number(String key, long fallback) {
            String v = values.get(key);
            return v == null ? fallback : Numbers.parseLong(v, fallback);
        }
    }
}
