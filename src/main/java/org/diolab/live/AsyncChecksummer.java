package org.diolab.live;

import java.lang.foreign.MemorySegment;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * S004's {@code async_csum}: the checksum of a write is computed on another thread while the write is submitted.
 * The worker waits for it before the write counts as complete, as {@code btrfs_bio_end_io()} waits on
 * {@code csum_done}. The task captures the buffer and offset up front: the equivalent of saving {@code bi_iter}
 * before submission advances it.
 */
final class AsyncChecksummer implements AutoCloseable {
    private final ExecutorService thread;
    private final Crc32c crc;

    AsyncChecksummer(CsumImpl impl, String name) {
        this.crc = impl.create(); // used only on the executor's single thread
        this.thread = Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, name);
            t.setDaemon(true);
            return t;
        });
    }

    Future<?> submit(ChecksumTable table, MemorySegment data, long fileOffset) {
        return thread.submit(() -> table.store(crc, data, fileOffset));
    }

    @Override
    public void close() {
        thread.shutdownNow();
    }
}
