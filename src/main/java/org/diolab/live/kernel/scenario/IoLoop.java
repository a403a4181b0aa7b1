package org.diolab.live.kernel.scenario;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.file.Path;
import java.time.Duration;
import java.util.SplittableRandom;
import org.HdrHistogram.Histogram;
import org.diolab.live.job.CancelToken;
import org.diolab.live.kernel.trace.Marker;
import org.diolab.sys.Errno;
import org.diolab.sys.Fd;
import org.diolab.sys.LibC;

/**
 * Synchronous O_DIRECT I/O in a loop for a fixed time, through preadv2/pwritev2 so that every error comes back as
 * an errno to count rather than an exception to stop at: EIO is the evidence in S000, EAGAIN in the NOWAIT lesson.
 * Reads go to random block-aligned offsets (as S000's fio randread), writes sweep the file sequentially. Each loop
 * runs on a {@link Lane} of its own, each call between a trace marker's begin and end line (nothing when the run is
 * not traced), and reports what it did to the run's {@link RaceTracer}.
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
            long size = buf.byteSize();
            long blocks = java.nio.file.Files.size(file) / size;
            if (blocks < 1) {
                throw new IOException(file + " is smaller than one " + size + "-byte read");
            }
            SplittableRandom random = new SplittableRandom(seed);
            return onLane(
                    "reader",
                    file,
                    false,
                    rwf,
                    time,
                    cancel,
                    size,
                    () -> random.nextLong(blocks) * size,
                    off -> fd.preadv2(buf.address(), size, off, rwf));
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
            long size = buf.byteSize();
            long blocks = fileBytes / size;
            long[] next = {0};
            long[] done = {0};
            Counts c = onLane("writer", file, true, 0, time, cancel, size, () -> (next[0]++ % blocks) * size, off -> {
                long n = fd.pwritev2(buf.address(), size, off, 0);
                if (syncPasses && ++done[0] % blocks == 0) {
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
    private interface Offsets {
        long next();
    }

    @FunctionalInterface
    private interface Call {
        long run(long offset);
    }

    /**
     * The loop on a lane of its own ({@code dio-lab-reader}, {@code dio-lab-writer}), each call between a begin and
     * an end marker with its result; the run's tracer hears that a race phase starts and what the loop did.
     */
    private static Counts onLane(
            String role,
            Path file,
            boolean write,
            int rwf,
            Duration time,
            CancelToken cancel,
            long size,
            Offsets offsets,
            Call call)
            throws IOException {
        RaceTracer tracer = RaceTracer.current();
        String tag = file.getFileName().toString();
        tracer.begin((write ? "writes to " : "reads of ") + tag);
        boolean scribbled = tracer.scribbled();
        Counts c = Lane.call(role, m -> loop(time, cancel, size, offsets, call, m, write, tag));
        tracer.loop(new RaceTracer.Loop(
                tracer.phase(),
                tag,
                write,
                (rwf & LibC.RWF_NOWAIT) != 0,
                scribbled,
                c.ios(),
                c.eio(),
                c.eagain(),
                c.otherErrors(),
                c.elapsedNanos()));
        return c;
    }

    private static Counts loop(
            Duration time,
            CancelToken cancel,
            long size,
            Offsets offsets,
            Call call,
            Marker m,
            boolean write,
            String file) {
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
            long off = offsets.next();
            if (write) {
                m.writeBegin(ios, off, size, file);
            } else {
                m.readBegin(ios, off, size, file);
            }
            long t0 = System.nanoTime(); // after the marker: a traced call's latency is the call's own
            long n = call.run(off);
            long end = System.nanoTime();
            if (write) {
                m.writeEnd(ios, n);
            } else {
                m.readEnd(ios, n);
            }
            if (n >= 0) {
                h.recordValue(Math.max(1, end - t0)); // latency of calls that did I/O; refusals return at once
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
