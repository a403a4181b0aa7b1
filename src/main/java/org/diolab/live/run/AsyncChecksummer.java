package org.diolab.live.run;

import java.lang.foreign.MemorySegment;
import org.diolab.live.job.CsumImpl;

/**
 * S004's {@code async_csum}: the checksum of a write is computed on another thread while the write is submitted.
 * The worker waits for it before the write counts as complete, as {@code btrfs_bio_end_io()} waits on
 * {@code csum_done}. {@link #start} captures the buffer and offset before the write is issued: the equivalent of
 * saving {@code bi_iter} before submission advances it.
 */
final class AsyncChecksummer implements AutoCloseable {
    private final HelperThread thread;
    private final Crc32c crc;
    // The checksum in progress, published to the helper by start().
    private ChecksumTable table;
    private MemorySegment data;
    private long fileOffset;

    AsyncChecksummer(CsumImpl impl, String name) {
        this.crc = Crc32c.of(impl); // used only on the helper thread
        this.thread = new HelperThread(name, () -> table.store(crc, data, fileOffset));
    }

    /** Starts checksumming {@code data}, to be written at {@code fileOffset}, into {@code table}. */
    void start(ChecksumTable table, MemorySegment data, long fileOffset) {
        this.table = table;
        this.data = data;
        this.fileOffset = fileOffset;
        thread.start();
    }

    /** Waits for the checksum started last (csum_done). */
    void await() throws Exception {
        thread.await();
    }

    @Override
    public void close() {
        thread.close();
    }
}
