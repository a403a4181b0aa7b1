package org.diolab.live.report;

import java.util.Arrays;
import java.util.List;
import org.diolab.live.job.JobSpec;
import org.diolab.live.probe.CpuTime;

/**
 * The same job run alternately under fio and DIO Lab on the same files. Ratios are DIO Lab's bandwidth over fio's
 * within a pair (read plus write bytes per second); the median over pairs is the number to quote, because one disk
 * run to the next can differ by tens of percent.
 *
 * @param job        the job as both tools ran it (its memory kind may differ from the one asked for; see notes)
 * @param fioCommand the fio command line, for anyone who wants to rerun it by hand
 * @param notes      what the comparison changed to stay like for like, in words
 */
public record FioComparison(
        String fioVersion, JobSpec job, List<String> fioCommand, List<Pair> pairs, List<String> notes) {
    public FioComparison {
        fioCommand = List.copyOf(fioCommand);
        pairs = List.copyOf(pairs);
        notes = List.copyOf(notes);
    }

    /**
     * One alternation.
     *
     * @param fioFirst which tool ran first in this pair (it alternates, so drift hurts neither side)
     */
    public record Pair(
            int index,
            boolean fioFirst,
            double dioLabBytesPerSecond,
            double fioBytesPerSecond,
            double dioLabIops,
            double fioIops,
            JobResult dioLab,
            Usage dioLabUsage,
            Usage fioUsage) {
        public double ratio() {
            return fioBytesPerSecond == 0 ? 0 : dioLabBytesPerSecond / fioBytesPerSecond;
        }
    }

    /**
     * What one tool's run moved and what it cost: whole-process CPU (every thread, user and kernel) over the run,
     * measured with {@code getrusage} for both (fio as a waited-for child, DIO Lab as this process).
     */
    public record Usage(long bytes, CpuTime cpu) {
        public double cpuSecondsPerGiB() {
            return cpu.secondsPerGiB(bytes);
        }
    }

    public double medianDioLabCpuPerGiB() {
        return median(pairs.stream()
                .mapToDouble(p -> p.dioLabUsage().cpuSecondsPerGiB())
                .toArray());
    }

    public double medianFioCpuPerGiB() {
        return median(
                pairs.stream().mapToDouble(p -> p.fioUsage().cpuSecondsPerGiB()).toArray());
    }

    /** Smallest and largest pair ratio: the spread around the median. */
    public double minRatio() {
        return pairs.stream().mapToDouble(Pair::ratio).min().orElse(0);
    }

    public double maxRatio() {
        return pairs.stream().mapToDouble(Pair::ratio).max().orElse(0);
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
