package org.diolab.live.report;

/**
 * Totals of one direction (read or write) of a job, summed over its threads, like fio's {@code group_reporting}:
 * bandwidth is all bytes over the job's wall time from the common start to the last thread's end.
 */
public record DirectionStats(long ioBytes, long totalIos, long runtimeNanos, LatencySummary clat) {
    public static DirectionStats none() {
        return new DirectionStats(0, 0, 0, LatencySummary.empty());
    }

    public boolean hasIo() {
        return totalIos > 0;
    }

    public double bytesPerSecond() {
        return runtimeNanos == 0 ? 0 : ioBytes * 1e9 / runtimeNanos;
    }

    public double mibPerSecond() {
        return bytesPerSecond() / (1 << 20);
    }

    public double iops() {
        return runtimeNanos == 0 ? 0 : totalIos * 1e9 / runtimeNanos;
    }
}
