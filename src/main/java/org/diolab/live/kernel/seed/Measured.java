package org.diolab.live.kernel.seed;

import java.util.Locale;
import org.diolab.live.report.DirectionStats;

/**
 * One run's figures here: what ran (job line: engine, pattern, block size, depth, jobs, mode), on what (the volume and
 * the kind of file), and each direction's bytes, I/Os and latencies.
 *
 * @param job   "libaio randread bs=64k iodepth=64 numjobs=1 direct"
 * @param where "a nodatasum (chattr +C) file on btrfs, data SINGLE, ... (loop0, loop1), loop direct I/O on"
 */
public record Measured(Measurement measurement, String job, String where, DirectionStats read, DirectionStats write) {
    /** The row's figure in {@code unit}. */
    public double value(SeedTable.Metric metric, String unit) {
        return switch (metric) {
            case BANDWIDTH -> bandwidth(read.bytesPerSecond() + write.bytesPerSecond(), unit);
            case READ_BANDWIDTH -> bandwidth(read.bytesPerSecond(), unit);
            case WRITE_BANDWIDTH -> bandwidth(write.bytesPerSecond(), unit);
            case READ_IOPS -> read.iops();
            case WRITE_IOPS -> write.iops();
            case READ_LATENCY -> latency(read, unit);
            case WRITE_LATENCY -> latency(write, unit);
        };
    }

    private static double bandwidth(double bytesPerSecond, String unit) {
        return switch (unit) {
            case "MiB/s" -> bytesPerSecond / (1 << 20);
            case "GB/s" -> bytesPerSecond / 1e9; // dd's unit: decimal
            case "KB/s" -> bytesPerSecond / 1024; // fio's, as the seed's fio printed it: 1024 bytes
            default -> throw new IllegalArgumentException("not a bandwidth unit: " + unit);
        };
    }

    private static double latency(DirectionStats d, String unit) {
        if (!unit.equals("us")) {
            throw new IllegalArgumentException("not a latency unit: " + unit);
        }
        return d.clat().meanNs() / 1000.0;
    }

    @Override
    public String toString() {
        return String.format(
                Locale.ROOT,
                "%s: %s on %s: read %.1f MiB/s, write %.1f MiB/s",
                measurement,
                job,
                where,
                read.mibPerSecond(),
                write.mibPerSecond());
    }
}
