package org.diolab.live.calib;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.time.Duration;
import java.time.Instant;
import org.diolab.live.job.CancelToken;
import org.diolab.live.job.CsumImpl;
import org.diolab.live.job.JobSpec;
import org.diolab.live.job.Mode;
import org.diolab.live.job.ProgressListener;
import org.diolab.live.job.RunOptions;
import org.diolab.live.job.RwPattern;
import org.diolab.live.report.JobResult;
import org.diolab.live.run.ChecksumTable;
import org.diolab.live.run.Crc32c;
import org.diolab.live.run.LiveEngine;
import org.diolab.live.scratch.ScratchDir;

/**
 * Measures the stage speeds the perf model needs, with the same code the live engine runs: the checksum numbers
 * come from {@link ChecksumTable#store} over 4 KiB blocks, the device numbers from ordinary live jobs.
 */
public final class Calibrator {
    /**
     * How much to measure.
     *
     * @param cpuBytes     buffer size for memcpy and CRC (beyond the CPU caches, so memory speed is included)
     * @param cpuTime      minimum time per CPU measurement
     * @param deviceSize   file size for the device jobs
     * @param deviceTime   runtime of each device job
     */
    public record Options(long cpuBytes, Duration cpuTime, long deviceSize, Duration deviceTime) {
        public static Options standard() {
            return new Options(64L << 20, Duration.ofMillis(700), 1L << 30, Duration.ofSeconds(3));
        }

        /** Small and short, for tests and a first look. */
        public static Options quick() {
            return new Options(8L << 20, Duration.ofMillis(100), 32L << 20, Duration.ofMillis(300));
        }
    }

    private Calibrator() {}

    public static Calibration run(ScratchDir session, Options options, ProgressListener listener, CancelToken cancel) {
        double memcpy = memcpyGbPerSec(options.cpuBytes(), options.cpuTime());
        cancel.throwIfCancelled();
        double hw = crcGBps(CsumImpl.HW, options.cpuBytes(), options.cpuTime());
        cancel.throwIfCancelled();
        double sw = crcGBps(CsumImpl.SW, Math.min(options.cpuBytes(), 8L << 20), options.cpuTime());
        JobSpec write = JobSpec.builder()
                .name("calibrate-write")
                .rw(RwPattern.WRITE)
                .bs(1 << 20)
                .size(options.deviceSize())
                .runtime(options.deviceTime())
                .mode(Mode.DIRECT)
                .build();
        JobResult w = LiveEngine.run(session, write, RunOptions.defaults(), listener, cancel);
        JobResult r = LiveEngine.run(
                session,
                write.toBuilder().name("calibrate-read").rw(RwPattern.READ).build(),
                RunOptions.defaults(),
                listener,
                cancel);
        return new Calibration(
                Instant.now(),
                memcpy,
                hw,
                sw,
                w.write().mibPerSecond(),
                r.read().mibPerSecond(),
                session.dir().toString(),
                w.machine());
    }

    /** Copy throughput between two native buffers of {@code bytes}, after one warm-up copy. */
    public static double memcpyGbPerSec(long bytes, Duration atLeast) {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment src = arena.allocate(bytes, 4096);
            MemorySegment dst = arena.allocate(bytes, 4096);
            src.fill((byte) 7);
            MemorySegment.copy(src, 0, dst, 0, bytes);
            long copied = 0;
            long t0 = System.nanoTime();
            long t;
            do {
                MemorySegment.copy(src, 0, dst, 0, bytes);
                copied += bytes;
                t = System.nanoTime();
            } while (t - t0 < atLeast.toNanos());
            return copied / (double) (t - t0);
        }
    }

    /** Checksum-path throughput: per-4-KiB CRC32C into a table, as a write with {@code --csum sync} does. */
    public static double crcGBps(CsumImpl impl, long bytes, Duration atLeast) {
        long size = Math.max(JobSpec.BLOCK, bytes / JobSpec.BLOCK * JobSpec.BLOCK);
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment data = arena.allocate(size, 4096);
            for (long i = 0; i < size; i += 8) {
                data.set(java.lang.foreign.ValueLayout.JAVA_LONG_UNALIGNED, i, i * 0x9E3779B97F4A7C15L);
            }
            ChecksumTable table = new ChecksumTable(size);
            Crc32c crc = Crc32c.of(impl);
            table.store(crc, data, 0); // warm-up: lets the JIT compile the loop and the intrinsic
            long done = 0;
            long t0 = System.nanoTime();
            long t;
            do {
                table.store(crc, data, 0);
                done += size;
                t = System.nanoTime();
            } while (t - t0 < atLeast.toNanos());
            return done / (double) (t - t0);
        }
    }
}
