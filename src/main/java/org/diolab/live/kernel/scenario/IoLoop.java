package org.diolab.live.kernel.scenario;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.file.Path;
import java.time.Duration;
import java.util.SplittableRandom;
import org.HdrHistogram.Histogram;
import org.diolab.live.job.CancelToken;
import org.diolab.sys.Errno;
import org.diolab.sys.Fd;
import org.diolab.sys.LibC;

/**
 * Synchronous O_DIRECT I/O in a loop for a fixed time, through preadv2/pwritev2 so that every error comes back as
 * an errno to count rather than an exception to stop at: EIO is the evidence in S000, EAGAIN in the NOWAIT lesson.
 * Reads go to random block-aligned offsets (as S000's fio randread), writes sweep the file sequentially.
 */
final class IoLoop {
    /** S000's direct reads: 64 KiB at random offsets, as its fio randread. */
    static final long READ_SIZE = 64 << 10;

    /** What one loop did. Latencies are of the calls that moved data (not of refusals), in nanoseconds. */
    record Counts(
            long ios,
            long bytes,
            long eio,
            long shortIos,
            long eagain,
            long otherErrors,
            String firstOther,
            long p50Nanos,
            long p99Nanos,
            long maxNanos,
            long elapsedNanos) {
        double mibPerSecond() {
            return elapsedNanos == 0 ? 0 : bytes / (1024.0 * 1024.0) / (elapsedNanos / 1e9);
        }

        long failures() {
            return eio + otherErrors;
        }

        /**
         * Two loops of the same kind as one: counts and times add up; latency percentiles cannot be merged, so the
         * larger of the two is kept (an upper bound).
         */
        Counts plus(Counts o) {
            return new Counts(
                    ios + o.ios,
                    bytes + o.bytes,
                    eio + o.eio,
                    shortIos + o.shortIos,
                    eagain + o.eagain,
                    otherErrors + o.otherErrors,
                    firstOther != null ? firstOther : o.firstOther,
                    Math.max(p50Nanos, o.p50Nanos),
                    Math.max(p99Nanos, o.p99Nanos),
                    Math.max(maxNanos, o.maxNanos),
                    elapsedNanos + o.elapsedNanos);
        }

        /** The same counts over a longer time (a final fsync that belongs to the measurement). */
        Counts plusTime(long nanos) {
            return new Counts(
                    ios,
                    bytes,
                    eio,
                    shortIos,
                    eagain,
                    otherErrors,
                    firstOther,
                    p50Nanos,
                    p99Nanos,
                    maxNanos,
                    elapsedNanos + nanos);
        }
    }

    private IoLoop() {}

    /** An aligned, zeroed native buffer for O_DIRECT, tied to {@code arena}. */
    static MemorySegment buffer(Arena arena, long size) {
        MemorySegment b = arena.allocate(size, 4096);
        b.fill((byte) 0);
        return b;
    }

    /** Direct reads of {@code buf.byteSize()} bytes into {@code buf} for {@code time}; {@code rwf} e.g. NOWAIT. */
    static Counts reads(Path file, MemorySegment buf, Duration time, int rwf, long seed, CancelToken cancel)
            throws IOException {
        try (Fd fd = Fd.open(file, LibC.O_RDONLY | LibC.O_DIRECT | LibC.O_NOFOLLOW)) {
            long blocks = java.nio.file.Files.size(file) / buf.byteSize();
            if (blocks < 1) {
                throw new IOException(file + " is smaller than one " + buf.byteSize() + "-byte read");
            }
            SplittableRandom random = new SplittableRandom(seed);
            return loop(
                    time,
                    cancel,
                    buf.byteSize(),
                    () -> fd.preadv2(buf.address(), buf.byteSize(), random.nextLong(blocks) * buf.byteSize(), rwf));
        }
    }

    /** Direct writes of {@code buf} over {@code file} (sequential, wrapping at {@code fileBytes}) for {@code time}. */
    static Counts writes(
            Path file, MemorySegment buf, long fileBytes, Duration time, boolean direct, CancelToken cancel)
            throws IOException {
        return writes(file, buf, fileBytes, time, direct, false, cancel);
    }

    /**
     * Writes for {@code time}; with {@code syncPasses} every pass over the file ends with an fsync inside the timed
     * loop, so buffered and direct writes are both measured to the device, not to the page cache.
     */
    static Counts writes(
            Path file,
            MemorySegment buf,
            long fileBytes,
            Duration time,
            boolean direct,
            boolean syncPasses,
            CancelToken cancel)
            throws IOException {
        int flags = LibC.O_RDWR | LibC.O_NOFOLLOW | (direct ? LibC.O_DIRECT : 0);
        try (Fd fd = Fd.open(file, flags)) {
            long blocks = fileBytes / buf.byteSize();
            long[] next = {0};
            Counts c = loop(time, cancel, buf.byteSize(), () -> {
                long off = (next[0]++ % blocks) * buf.byteSize();
                long n = fd.pwritev2(buf.address(), buf.byteSize(), off, 0);
                if (syncPasses && next[0] % blocks == 0) {
                    try {
                        fd.fsync();
                    } catch (IOException e) {
                        return -Errno.EIO;
                    }
                }
                return n;
            });
            long t0 = System.nanoTime();
            fd.fsync(); // what was written is on the devices before anyone compares or measures them
            return syncPasses ? c.plusTime(System.nanoTime() - t0) : c;
        }
    }

    @FunctionalInterface
    private interface Call {
        long run();
    }

    private static Counts loop(Duration time, CancelToken cancel, long size, Call call) {
        Histogram h = new Histogram(3_600_000_000_000L, 2);
        long ios = 0;
        long bytes = 0;
        long eio = 0;
        long shortIos = 0;
        long eagain = 0;
        long other = 0;
        String firstOther = null;
        long start = System.nanoTime();
        long deadline = start + time.toNanos();
        long now = start;
        while (now - deadline < 0 && !cancel.isCancelled()) {
            long n = call.run();
            long end = System.nanoTime();
            if (n >= 0) {
                h.recordValue(Math.max(1, end - now)); // latency of calls that did I/O; refusals return at once
            }
            now = end;
            ios++;
            if (n == size) {
                bytes += n;
            } else if (n >= 0) {
                shortIos++;
                bytes += n;
            } else if (n == -Errno.EIO) {
                eio++;
            } else if (n == -Errno.EAGAIN) {
                eagain++;
            } else {
                other++;
                if (firstOther == null) {
                    firstOther = Errno.name((int) -n);
                }
            }
        }
        return new Counts(
                ios,
                bytes,
                eio,
                shortIos,
                eagain,
                other,
                firstOther,
                h.getValueAtPercentile(50),
                h.getValueAtPercentile(99),
                h.getMaxValue(),
                now - start);
    }
}
