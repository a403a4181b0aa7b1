package org.diolab.live;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.file.Path;
import java.util.function.LongConsumer;

/**
 * Fills a logical file and its mirrors with the job's pattern before the clock starts, and records the checksum of
 * every block. Every job then starts from the same state (reads read real data, writes overwrite allocated blocks,
 * as in fio's second run), and verification knows what every block should hold.
 */
final class LayoutWriter {
    private LayoutWriter() {
    }

    /**
     * Writes {@code size} bytes of pattern to each of {@code mirrors}.
     *
     * @param table    receives every block's CRC32C, or null
     * @param stamp    whether blocks get their verify headers
     * @param progress called with the bytes written so far, per chunk
     */
    static void layOut(Path[] mirrors, JobSpec job, int fileId, DataPattern pattern, ChecksumTable table,
                       boolean stamp, int alignment, CancelToken cancel, LongConsumer progress) throws IOException {
        ChunkedPass pass = ChunkedPass.of(job, alignment);
        Mode mode = pass.direct() ? Mode.DIRECT : Mode.BUFFERED;
        Crc32c crc = CsumImpl.HW.create(); // the table's values do not depend on the implementation
        IoTarget[] targets = new IoTarget[mirrors.length];
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment chunk = arena.allocate(pass.chunk(), alignment);
            pattern.fill(chunk);
            for (int m = 0; m < mirrors.length; m++) {
                targets[m] = IoTarget.open(mirrors[m], mode, false);
            }
            long done = 0;
            for (long off = 0; off < job.size(); off += pass.chunk()) {
                cancel.throwIfCancelled();
                MemorySegment piece = chunk.asSlice(0, pass.lengthAt(off, job.size()));
                if (stamp) {
                    pattern.stamp(piece, off, fileId);
                }
                if (table != null) {
                    table.store(crc, piece, off);
                }
                for (IoTarget t : targets) {
                    t.write(piece, off);
                    done += piece.byteSize();
                }
                progress.accept(done);
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
}
