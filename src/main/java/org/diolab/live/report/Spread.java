package org.diolab.live.report;

import java.util.Arrays;

/**
 * The median of repeated measurements and their spread (smallest and largest): how a live number is shown, since
 * one run of a disk can differ from the next by tens of percent.
 */
public record Spread(double median, double min, double max, int n) {
    public static Spread of(double... values) {
        if (values.length == 0) {
            return new Spread(0, 0, 0, 0);
        }
        double[] v = values.clone();
        Arrays.sort(v);
        int mid = v.length / 2;
        double median = v.length % 2 == 1 ? v[mid] : (v[mid - 1] + v[mid]) / 2;
        return new Spread(median, v[0], v[v.length - 1], v.length);
    }

    /** True when the two ranges [min, max] share a value: the runs cannot tell these apart. */
    public boolean overlaps(Spread o) {
        return min <= o.max && o.min <= max;
    }

    /** (max - min) / median: 0.10 means the runs spread over 10% of the median. */
    public double relativeWidth() {
        return median == 0 ? 0 : (max - min) / median;
    }
}
