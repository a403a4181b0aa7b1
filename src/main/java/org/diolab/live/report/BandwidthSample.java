package org.diolab.live.report;

/**
 * Bytes moved during one sampling interval, for a live chart and for fio's {@code bw_min/bw_max/bw_dev}.
 *
 * @param startNanos interval start, from the job's start
 */
public record BandwidthSample(
        long startNanos, long lengthNanos, long readBytes, long writeBytes, long readIos, long writeIos) {
    public double readMiBps() {
        return perSecond(readBytes) / (1 << 20);
    }

    public double writeMiBps() {
        return perSecond(writeBytes) / (1 << 20);
    }

    public double totalMiBps() {
        return perSecond(readBytes + writeBytes) / (1 << 20);
    }

    double perSecond(long amount) {
        return lengthNanos == 0 ? 0 : amount * 1e9 / lengthNanos;
    }
}
