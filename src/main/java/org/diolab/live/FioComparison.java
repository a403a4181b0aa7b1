package org.diolab.live;

import java.util.Arrays;
import java.util.List;

/**
 * The same job run alternately under fio and DIO Lab on the same files. Ratios are DIO Lab's bandwidth over fio's
 * within a pair (read plus write bytes per second); the median over pairs is the number to quote, because one disk
 * run to the next can differ by tens of percent.
 *
 * @param fioCommand the fio command line, for anyone who wants to rerun it by hand
 */
public record FioComparison(String fioVersion, JobSpec job, List<String> fioCommand, List<Pair> pairs) {
    public FioComparison {
        fioCommand = List.copyOf(fioCommand);
        pairs = List.copyOf(pairs);
    }

    /**
     * One alternation.
     *
     * @param fioFirst which tool ran first in this pair (it alternates, so drift hurts neither side)
     */
    public record Pair(int index, boolean fioFirst, double dioLabBytesPerSecond, double fioBytesPerSecond,
                       double dioLabIops, double fioIops, JobResult dioLab) {
        public double ratio() {
            return fioBytesPerSecond == 0 ? 0 : dioLabBytesPerSecond / fioBytesPerSecond;
        }
    }

    public double medianRatio() {
        return median(pairs.stream().mapToDouble(Pair::ratio).toArray());
    }

    public double medianDioLabBytesPerSecond() {
        return median(pairs.stream().mapToDouble(Pair::dioLabBytesPerSecond).toArray());
    }

    public double medianFioBytesPerSecond() {
        return median(pairs.stream().mapToDouble(Pair::fioBytesPerSecond).toArray());
    }

    static double median(double[] values) {
        if (values.length == 0) {
            return 0;
        }
        double[] v = values.clone();
        Arrays.sort(v);
        int mid = v.length / 2;
        return v.length % 2 == 1 ? v[mid] : (v[mid - 1] + v[mid]) / 2;
    }
}
