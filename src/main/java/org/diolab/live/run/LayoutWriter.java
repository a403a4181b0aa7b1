package org.diolab.live.run;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.LongConsumer;
import org.diolab.live.job.BufferMemory;
import org.diolab.live.job.CancelToken;
import org.diolab.live.job.CsumImpl;
import org.diolab.live.job.JobSpec;
import org.diolab.live.job.Mode;
import org.diolab.sys.Threads;

/**
 * Fills a logical file and its mirrors with the job's pattern before the clock starts, and records the checksum of
 * every block. Every job then starts from the same state (reads read real data, writes overwrite allocated blocks,
 * as in fio's second run), and verification knows what every block should hold.
 *
 * <p>The user waits for this before anything is measured, so it goes as fast as the device allows: large direct
 * writes from huge-page buffers, from {@link #WRITERS} threads at once (a queue depth of one leaves most devices
 * idle between requests), each writing every {@code WRITERS}th chunk so the device still sees an ascending stream.
 */
final class LayoutWriter {
    static final int WRITERS = 4;

    private LayoutWriter() {}

    /**
     * Writes {@code size} bytes of pattern to each of {@code mirrors}.
     *
     * @param table    receives every block's CRC32C, or null
     * @param stamp    whether blocks get their verify headers
     * @param progress called with the bytes written so far (from the writer threads)
     */
    static void layOut(
            Path[] mirrors,
            JobSpec job,
            int fileId,
            DataPattern pattern,
            ChecksumTable table,
            boolean stamp,
            int alignment,
            CancelToken cancel,
            LongConsumer progress)
            throws IOException {
        ChunkedPass pass = ChunkedPass.of(job, alignment);
        long chunks = (job.size() + pass.chunk() - 1) / pass.chunk();
        int writers = (int) Math.min(WRITERS, chunks);
        AtomicLong done = new AtomicLong();
        AtomicReference<Throwable> failure = new AtomicReference<>();
        CancelToken stop = new CancelToken();
        List<Thread> threads = new ArrayList<>();
        try (Arena arena = Arena.ofShared()) {
            for (int t = 0; t < writers; t++) {
                MemorySegment chunk = IoBuffers.allocate(arena, pass.chunk(), BufferMemory.THP, alignment);
                pattern.fill(chunk);
                int first = t;
                threads.add(Threads.startDaemon("dio-lab-layout-" + t, () -> {
                    try {
                        writeChunks(
                                mirrors,
                                job,
                                fileId,
                                pattern,
                                table,
                                stamp,
                                pass,
                                chunk,
                                first,
                                writers,
                                cancel,
                                stop,
                                n -> progress.accept(done.addAndGet(n)));
                    } catch (Throwable e) {
                        failure.compareAndSet(null, e);
                        stop.cancel();
                    }
                }));
            }
            Threads.joinAllUninterruptibly(threads); // before the arena (and its buffers) closes
        }
        Throwable f = failure.get();
        if (f instanceof IOException e) {
            throw e;
        }
        if (f instanceof RuntimeException e) {
            throw e;
        }
        if (f != null) {
            throw new IOException("layout of " + mirrors[0] + " failed: " + f, f);
        }
        cancel.throwIfCancelled();
    }

    /** One writer: chunks {@code first}, {@code first + step}, ... of every mirror, then fdatasync. */
    private static void writeChunks(
            Path[] mirrors,
            JobSpec job,
            int fileId,
            DataPattern pattern,
            ChecksumTable table,
            boolean stamp,
            ChunkedPass pass,
            MemorySegment chunk,
            int first,
            int step,
            CancelToken cancel,
            CancelToken stop,
            LongConsumer wrote)
            throws IOException {
        Mode mode = pass.direct() ? Mode.DIRECT : Mode.BUFFERED;
        Crc32c crc = Crc32c.of(CsumImpl.HW); // the table's values do not depend on the implementation
        IoTarget[] targets = new IoTarget[mirrors.length];
        try {
            for (int m = 0; m < mirrors.length; m++) {
                targets[m] = IoTarget.open(mirrors[m], mode, false);
            }
            for (long off = first * pass.chunk(); off < job.size(); off += step * pass.chunk()) {
                if (cancel.isCancelled() || stop.isCancelled()) {
                    return;
                }
                MemorySegment piece = chunk.asSlice(0, pass.lengthAt(off, job.size()));
                if (stamp) {
                    pattern.stamp(piece, off, fileId);
                }
                if (table != null) {
                    table.store(crc, piece, off); // distinct blocks per writer; the join publishes them
                }
                for (IoTarget t : targets) {
                    t.write(piece, off);
                    wrote.accept(piece.byteSize());
                }
            }
            for (IoTarget t : targets) {
                t.sync();
            }
        } finally {
            for (IoTarget t : targets) {
                if (t != null) {
                    t.close();
                }
            }
        }
    }

    /**
     * Fills {@code table} with the checksums of a file that already holds the job's pattern ({@code stamp}: with
     * verify headers), without any I/O: the layout's bytes are recomputed in memory.
     */
    static void tabulate(
            JobSpec job, int fileId, DataPattern pattern, ChecksumTable table, boolean stamp, int alignment) {
        ChunkedPass pass = ChunkedPass.of(job, alignment);
        Crc32c crc = Crc32c.of(CsumImpl.HW);
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment chunk = arena.allocate(pass.chunk(), alignment);
            pattern.fill(chunk);
            for (long off = 0; off < job.size(); off += pass.chunk()) {
                MemorySegment piece = chunk.asSlice(0, pass.lengthAt(off, job.size()));
                if (stamp) {
                    pattern.stamp(piece, off, fileId);
                }
                table.store(crc, piece, off);
            }
        }
    }
}
