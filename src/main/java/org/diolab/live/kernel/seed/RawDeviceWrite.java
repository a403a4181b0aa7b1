package org.diolab.live.kernel.seed;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.file.Path;
import java.time.Duration;
import org.HdrHistogram.Histogram;
import org.diolab.live.job.CancelToken;
import org.diolab.live.report.DirectionStats;
import org.diolab.live.report.LatencySummary;
import org.diolab.sys.ErrnoException;
import org.diolab.sys.Fd;
import org.diolab.sys.LibC;

/**
 * S003's "raw disk" row: dd's {@code bs=1M oflag=direct} to the block device itself, sequential, wrapping round the
 * first {@code span} bytes until the time is up. One untimed pass first, so the loop image's blocks exist (a sparse
 * image's first write allocates, which the seed's disk never did). Only ever on a loop device the lab attached and no
 * filesystem is mounted from.
 */
final class RawDeviceWrite {
    private RawDeviceWrite() {}

    static DirectionStats run(Path device, long span, long bs, Duration runtime, CancelToken cancel)
            throws IOException {
        try (Arena arena = Arena.ofConfined();
                Fd fd = Fd.open(device, LibC.O_RDWR | LibC.O_DIRECT)) {
            MemorySegment buf = arena.allocate(bs, 4096);
            for (long i = 0; i < bs; i += 8) {
                buf.set(java.lang.foreign.ValueLayout.JAVA_LONG, i, i * 0x9E3779B97F4A7C15L);
            }
            for (long off = 0; off < span; off += bs) {
                cancel.throwIfCancelled();
                write(fd, buf, bs, off);
            }
            fd.fdatasync();
            Histogram lat = new Histogram(60_000_000_000L, 3);
            long bytes = 0;
            long ios = 0;
            long off = 0;
            long start = System.nanoTime();
            long end = start + runtime.toNanos();
            long now = start;
            while (now < end) {
                if ((ios & 15) == 0) {
                    cancel.throwIfCancelled();
                }
                write(fd, buf, bs, off);
                long t = System.nanoTime();
                lat.recordValue(Math.min(lat.getHighestTrackableValue(), t - now));
                now = t;
                bytes += bs;
                ios++;
                off = off + bs >= span ? 0 : off + bs;
            }
            return new DirectionStats(bytes, ios, now - start, LatencySummary.of(lat));
        }
    }

    private static void write(Fd fd, MemorySegment buf, long bs, long off) throws ErrnoException {
        long r = fd.pwrite(buf.address(), bs, off);
        if (r < 0) {
            throw new ErrnoException("O_DIRECT write to " + fd.what() + " at " + off, (int) -r);
        }
        if (r != bs) {
            throw new ErrnoException("short O_DIRECT write to " + fd.what() + " at " + off, org.diolab.sys.Errno.EIO);
        }
    }
}
