package org.diolab.live.kernel.seed;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.HdrHistogram.Histogram;
import org.diolab.live.job.BufferMemory;
import org.diolab.live.job.CancelToken;
import org.diolab.live.report.DirectionStats;
import org.diolab.live.report.LatencySummary;
import org.diolab.live.run.DirectBuffers;
import org.diolab.sys.ErrnoException;
import org.diolab.sys.Fd;
import org.diolab.sys.LibC;

/**
 * S003's "raw disk" row: dd's {@code bs=1M oflag=direct} to the block device itself, sequential, wrapping round the
 * first {@code span} bytes until the time is up. One untimed pass first, so the loop image's blocks exist (a sparse
 * image's first write allocates, which the seed's disk never did). Only ever on a loop device the lab attached and no
 * filesystem is mounted from. The buffer is the live engine's kind ({@link BufferMemory}, huge pages by default), as
 * the file rows beside it: with 4 KiB pages this row once measured half the nodatasum file's bandwidth on the same
 * images, a buffer-kind difference and not a device one.
 */
final class RawDeviceWrite {
    private RawDeviceWrite() {}

    /**
     * The row's figures, what backed its buffer ("huge pages, 1 physical run") and how the device took the timed
     * writes ("; 1,024 write requests of 1024 KiB on average at loop0", or "" where sysfs does not say).
     */
    record Result(DirectionStats write, String buffer, String requests) {}

    static Result run(Path device, long span, long bs, BufferMemory memory, Duration runtime, CancelToken cancel)
            throws IOException {
        try (Arena arena = Arena.ofConfined();
                Fd fd = Fd.open(device, LibC.O_RDWR | LibC.O_DIRECT)) {
            MemorySegment buf = DirectBuffers.allocate(arena, bs, memory);
            for (long i = 0; i < bs; i += 8) {
                buf.set(java.lang.foreign.ValueLayout.JAVA_LONG, i, i * 0x9E3779B97F4A7C15L);
            }
            for (long off = 0; off < span; off += bs) {
                cancel.throwIfCancelled();
                write(fd, buf, bs, off);
            }
            fd.fdatasync();
            List<String> dev = List.of(device.getFileName().toString());
            BlockStat before = BlockStat.of(dev);
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
            return new Result(
                    new DirectionStats(bytes, ios, now - start, LatencySummary.of(lat)),
                    DirectBuffers.describe(buf),
                    BlockStat.of(dev).since(before, dev));
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
