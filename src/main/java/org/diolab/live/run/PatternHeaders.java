package org.diolab.live.run;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteOrder;
import java.util.zip.CRC32C;
import org.diolab.live.job.VerifyPattern;

/**
 * fio 3.33's pattern verify on DIO Lab's buffers ({@link VerifyPattern}): what a write lays down and what a read
 * checks, byte for byte as fio's verify.c does, so either tool reads the other's file. A block of {@code bs} bytes
 * at file offset {@code off} holds the pattern repeated from its first byte; each interval of it starts with the
 * 40-byte header (little-endian: u16 magic 0xacca, u16 type, u32 interval, u64 seed, u64 the interval's file
 * offset, u32 s and u32 ns of a time, u16 thread, u16 I/O number, u32 CRC32C of the 36 bytes before it, kept as fio
 * keeps it: without the final inversion). Used by one worker thread (the CRC state is its own).
 */
final class PatternHeaders {
    private static final ValueLayout.OfShort U16 = ValueLayout.JAVA_SHORT_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);
    private static final ValueLayout.OfInt U32 = ValueLayout.JAVA_INT_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);
    private static final ValueLayout.OfLong U64 = ValueLayout.JAVA_LONG_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);
    private static final short MAGIC = (short) 0xacca;
    private static final int CRC_AT = 36;

    private final VerifyPattern spec;
    private final int psize;
    /** The pattern from its first byte, one interval and one pattern long: any interval's bytes are a slice of it. */
    private final MemorySegment expected;

    private final long bs;
    private final long interval;
    private final int thread;
    private final byte[] header = new byte[VerifyPattern.HEADER];
    private final CRC32C crc = new CRC32C();

    /** @param thread fio's thread number in the header (1-based): DIO Lab's worker, for the reader's eyes only */
    PatternHeaders(VerifyPattern spec, long bs, int thread) {
        this.spec = spec;
        byte[] pattern = spec.bytes();
        this.psize = pattern.length;
        this.bs = bs;
        this.interval = spec.intervalFor(bs);
        this.thread = thread;
        byte[] e = new byte[(int) interval + psize];
        for (int i = 0; i < e.length; i++) {
            e[i] = pattern[i % psize];
        }
        this.expected = MemorySegment.ofArray(e);
    }

    /** The job's headers, or null when it has no verify_pattern. */
    static @org.jspecify.annotations.Nullable PatternHeaders of(org.diolab.live.job.JobSpec job, int thread) {
        return job.verifyPattern().active() ? new PatternHeaders(job.verifyPattern(), job.bs(), thread) : null;
    }

    long interval() {
        return interval;
    }

    /** Fills {@code buf}, the block written at file offset {@code off}, with the pattern and the headers. */
    void fill(MemorySegment buf, long off, long numberio) {
        long len = buf.byteSize();
        for (long at = 0; at < len; at += interval) {
            long n = Math.min(interval, len - at);
            MemorySegment.copy(expected, Math.floorMod(at, psize), buf, at, n);
        }
        long now = System.currentTimeMillis();
        for (long at = 0; at + VerifyPattern.HEADER <= len; at += interval) {
            MemorySegment h = buf.asSlice(at, VerifyPattern.HEADER);
            h.set(U16, 0, MAGIC);
            h.set(U16, 2, (short) spec.type());
            h.set(U32, 4, (int) interval);
            h.set(U64, 8, 0L); // fio's seed of random data; a pattern has none
            h.set(U64, 16, off + at);
            h.set(U32, 24, (int) (now / 1000));
            h.set(U32, 28, (int) (now % 1000 * 1_000_000));
            h.set(U16, 32, (short) thread);
            h.set(U16, 34, (short) numberio);
            h.set(U32, CRC_AT, headerCrc(h));
        }
    }

    /**
     * The intervals of {@code buf} (read at file offset {@code off}, a multiple of the interval) that are not as fio
     * writes them: bad magic, length, offset or header CRC, or a pattern byte wrong after the header.
     */
    long countBad(MemorySegment buf, long off) {
        long bad = 0;
        for (long at = 0; at + interval <= buf.byteSize(); at += interval) {
            bad += intervalOk(buf, off, at) ? 0 : 1;
        }
        return bad;
    }

    /** A read of {@code buf} at {@code off} done: with do_verify, its intervals checked into the worker's counts. */
    void check(MemorySegment buf, long off, WorkerStats stats) {
        if (spec.check()) {
            stats.verifyBlocks += buf.byteSize() / interval;
            stats.verifyErrors += countBad(buf, off);
        }
    }

    private boolean intervalOk(MemorySegment buf, long off, long at) {
        MemorySegment h = buf.asSlice(at, VerifyPattern.HEADER);
        if (h.get(U16, 0) != MAGIC
                || h.get(U32, 4) != (int) interval
                || h.get(U64, 16) != off + at
                || h.get(U32, CRC_AT) != headerCrc(h)) {
            return false;
        }
        long from = Math.floorMod(Math.floorMod(off + at, bs), psize); // the pattern restarts at each block written
        return MemorySegment.mismatch(
                        buf,
                        at + VerifyPattern.HEADER,
                        at + interval,
                        expected,
                        from + VerifyPattern.HEADER,
                        from + interval)
                < 0;
    }

    private int headerCrc(MemorySegment h) {
        MemorySegment.copy(h, ValueLayout.JAVA_BYTE, 0, header, 0, CRC_AT);
        crc.reset();
        crc.update(header, 0, CRC_AT);
        return ~(int) crc.getValue(); // fio's crc32c starts at ~0 and is not inverted at the end
    }
}
