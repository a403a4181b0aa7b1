package org.diolab.live.run;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.SplittableRandom;
import org.diolab.live.job.JobSpec;
import org.diolab.live.scratch.ScratchDir;

/**
 * The bytes a job writes, so they can be verified later without storing them. One block-size buffer of seeded
 * random bytes (random, like fio's buffers, so no layer can compress or dedupe them) is the body of every write; with
 * {@code --verify} each 4 KiB block also gets a 16-byte header naming its file offset and file, which catches
 * misplaced writes. The expected content of any block is therefore a function of (offset, file).
 *
 * <p>The mutator threads store at {@link #MUTATION_OFFSET} inside each block, past the header, so a mutation shows
 * up as a data or checksum difference, not as a misplaced block.
 */
final class DataPattern {
    static final int HEADER = 16;
    static final long MUTATION_OFFSET = 64;
    private static final long MAGIC = 0xD10_1AB_0000_0000L;

    /** What a file holds when {@code job} wrote every block of it (with verify headers when {@code stamped}). */
    static ScratchDir.Layout.Content content(JobSpec job, boolean stamped) {
        return new ScratchDir.Layout.Content(job.bs(), job.randseed(), stamped);
    }

    private final MemorySegment base;
    private final long bs;

    DataPattern(Arena arena, long bs, long seed) {
        this.bs = bs;
        this.base = arena.allocate(bs, JobSpec.BLOCK);
        SplittableRandom r = new SplittableRandom(seed);
        long i = 0;
        for (; i + 8 <= bs; i += 8) {
            base.set(ValueLayout.JAVA_LONG_UNALIGNED, i, r.nextLong());
        }
        for (; i < bs; i++) {
            base.set(ValueLayout.JAVA_BYTE, i, (byte) r.nextInt());
        }
    }

    /** Copies the body pattern into {@code dst}, whose size is a multiple of bs. */
    void fill(MemorySegment dst) {
        for (long o = 0; o < dst.byteSize(); o += bs) {
            MemorySegment.copy(base, 0, dst, o, bs);
        }
    }

    /** Writes the header of every 4 KiB block of {@code buf}, which will be written at {@code fileOffset}. */
    void stamp(MemorySegment buf, long fileOffset, int fileId) {
        for (long b = 0; b < buf.byteSize(); b += JobSpec.BLOCK) {
            buf.set(ValueLayout.JAVA_LONG_UNALIGNED, b, fileOffset + b);
            buf.set(ValueLayout.JAVA_LONG_UNALIGNED, b + 8, MAGIC ^ fileId);
        }
    }

    /** Counts the 4 KiB blocks of {@code buf}, read from {@code fileOffset}, that are not what was written there. */
    int countBad(MemorySegment buf, long bufOffset, long length, long fileOffset, int fileId) {
        int bad = 0;
        for (long b = 0; b < length; b += JobSpec.BLOCK) {
            long at = bufOffset + b;
            long off = fileOffset + b;
            long baseOff = off % bs;
            boolean ok = buf.get(ValueLayout.JAVA_LONG_UNALIGNED, at) == off
                    && buf.get(ValueLayout.JAVA_LONG_UNALIGNED, at + 8) == (MAGIC ^ fileId)
                    && MemorySegment.mismatch(
                                    buf,
                                    at + HEADER,
                                    at + JobSpec.BLOCK,
                                    base,
                                    baseOff + HEADER,
                                    baseOff + JobSpec.BLOCK)
                            < 0;
            if (!ok) {
                bad++;
            }
        }
        return bad;
    }
}
