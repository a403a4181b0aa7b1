package org.diolab.live.report;

import java.util.Collections;
import java.util.NavigableMap;
import java.util.TreeMap;
import org.HdrHistogram.Histogram;

/**
 * Completion latency of one direction of a job, in nanoseconds: one {@code System.nanoTime()} pair around each
 * synchronous call, so it is what fio calls {@code clat} for its psync engine. Percentiles come from an HdrHistogram
 * with three significant digits (values within 0.1%), at fio's default percentile list.
 */
public record LatencySummary(
        long count, long minNs, long maxNs, double meanNs, double stddevNs, NavigableMap<Double, Long> percentilesNs) {
    /** fio's default {@code percentile_list}. */
    public static final double[] FIO_PERCENTILES = {
        1, 5, 10, 20, 30, 40, 50, 60, 70, 80, 90, 95, 99, 99.5, 99.9, 99.95, 99.99
    };

    public LatencySummary {
        percentilesNs = Collections.unmodifiableNavigableMap(new TreeMap<>(percentilesNs));
    }

    public static LatencySummary empty() {
        return new LatencySummary(0, 0, 0, 0, 0, new TreeMap<>());
    }

    public static LatencySummary of(Histogram h) {
        if (h.getTotalCount() == 0) {
            return empty();
        }
        TreeMap<Double, Long> p = new TreeMap<>();
        for (double q : FIO_PERCENTILES) {
            p.put(q, h.getValueAtPercentile(q));
        }
        return new LatencySummary(
                h.getTotalCount(), h.getMinValue(), h.getMaxValue(), h.getMean(), h.getStdDeviation(), p);
    }

    /** Latency at percentile {@code q} (one of {@link #FIO_PERCENTILES}), or 0 without samples. */
    public long percentile(double q) {
        Long v = percentilesNs.get(q);
        return v == null ? 0 : v;
    }

    public long p50() {
        return percentile(50);
    }

    public long p90() {
        return percentile(90);
    }

    public long p99() {
        return percentile(99);
    }

    public long p999() {
        return percentile(99.9);
    }
}
