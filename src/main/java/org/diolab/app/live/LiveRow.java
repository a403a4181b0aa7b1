package org.diolab.app.live;

import org.diolab.live.report.Spread;

/**
 * One job of a live experiment as the Live tab lists it: the median and spread of its repeated runs, its bandwidth
 * as a ratio to the experiment's baseline job, its checks, and whether the result agrees with the lesson. Every
 * number carries its job, mode, block size and machine.
 *
 * @param ratio      median bandwidth over the baseline job's median bandwidth
 * @param races      how many runs caught a broken invariant, as "k/n", or "" when the job checks nothing
 * @param sizeNote   a caveat when the job is too small to leave the device cache's noise, or ""
 */
public record LiveRow(
        String job,
        String mode,
        String blockSize,
        Spread mibPerSec,
        double ratio,
        boolean baseline,
        double iops,
        double p99Micros,
        long mirrorBlocksDiffering,
        long checksumMismatches,
        long eagains,
        String races,
        LiveVerdict verdict,
        String sizeNote,
        String machine) {
    /** Median bandwidth, MiB/s. */
    public double medianMiBps() {
        return mibPerSec.median();
    }

    /** The slowest run's bandwidth: views read these, not the live backend's {@code Spread}. */
    public double minMiBps() {
        return mibPerSec.min();
    }

    public double maxMiBps() {
        return mibPerSec.max();
    }
}
