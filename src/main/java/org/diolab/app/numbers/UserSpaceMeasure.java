package org.diolab.app.numbers;

import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import org.diolab.app.work.TaskContext;
import org.diolab.lesson.SeedNumbers;
import org.diolab.live.job.CancelToken;
import org.diolab.live.job.JobSpec;
import org.diolab.live.job.ProgressListener;
import org.diolab.live.job.RunOptions;
import org.diolab.live.job.SeedWorkload;
import org.diolab.live.report.JobResult;
import org.diolab.live.run.LiveEngine;
import org.diolab.live.scratch.ScratchCleanupException;
import org.diolab.live.scratch.ScratchDir;

/**
 * "Re-measure on this machine": each row of a seed table that names a data path runs as a live job in user space
 * (its {@link SeedWorkload}), all in one scratch session on the chosen directory, and the column is each row's
 * bandwidth over the first row's. Scaled: {@link #SIZE} per file, {@link #RUNTIME} per row in the app (the table's line says so).
 */
public final class UserSpaceMeasure {
    public static final long SIZE = 256L << 20;
    public static final Duration RUNTIME = Duration.ofSeconds(2);

    /** Ratios to the first row by row index (rows without a job are absent), and how they were scaled. */
    public record Measured(Map<Integer, Double> ratios, Map<Integer, Double> mibPerSecond, String scaling) {
        public Measured {
            ratios = Map.copyOf(ratios);
            mibPerSecond = Map.copyOf(mibPerSecond);
        }

        public OptionalDouble ratio(int row) {
            Double r = ratios.get(row);
            return r == null ? OptionalDouble.empty() : OptionalDouble.of(r);
        }
    }

    /** Runs the measurable rows of {@code t}; the first row must be one of them (it is the baseline). */
    public interface Runner {
        JobResult run(ScratchDir session, JobSpec job, CancelToken cancel);
    }

    private final Runner runner;
    private final long size;
    private final Duration runtime;

    /** Runs each row with {@code runner}, on files of {@code size} bytes, for {@code runtime}. */
    public UserSpaceMeasure(Runner runner, long size, Duration runtime) {
        this.runner = runner;
        this.size = size;
        this.runtime = runtime;
    }

    /** The live engine's, at the tab's scale. */
    public static UserSpaceMeasure live() {
        return live(SIZE, RUNTIME);
    }

    /** The live engine's, at another scale. */
    public static UserSpaceMeasure live(long size, Duration runtime) {
        RunOptions options = new RunOptions(Duration.ofMillis(500));
        return new UserSpaceMeasure(
                (s, job, cancel) -> LiveEngine.run(s, job, options, ProgressListener.NONE, cancel), size, runtime);
    }

    public Measured measure(SeedNumbers t, Path dir, TaskContext ctx) throws ScratchCleanupException {
        Map<Integer, JobSpec> jobs = new LinkedHashMap<>();
        for (int i = 0; i < t.rows().size(); i++) {
            SeedNumbers.Row r = t.rows().get(i);
            Optional<JobSpec> job = SeedWorkload.of("seed-row" + i, t.command(), r.model(), size, runtime);
            if (job.isPresent()) {
                jobs.put(i, job.get());
            }
        }
        if (!jobs.containsKey(0)) {
            throw new IllegalArgumentException(t.seed() + "'s first row (the baseline) cannot run in user space: "
                    + "its command or data path is not one the live engine has");
        }
        Map<Integer, Double> mib = new LinkedHashMap<>();
        CancelToken cancel = new CancelToken();
        try (ScratchDir session = LiveEngine.openSession(dir)) {
            int done = 0;
            for (var e : jobs.entrySet()) {
                if (ctx.cancelled()) {
                    cancel.cancel();
                }
                ctx.throwIfCancelled();
                ctx.progress((double) done++ / jobs.size(), "row " + (e.getKey() + 1) + ": " + describe(e.getValue()));
                JobResult r = runner.run(session, e.getValue(), cancel);
                mib.put(e.getKey(), r.totalBytesPerSecond() / (1 << 20));
            }
        }
        double base = mib.get(0);
        Map<Integer, Double> ratios = new LinkedHashMap<>();
        mib.forEach((k, v) -> ratios.put(k, v / base));
        JobSpec first = jobs.get(0);
        String scaling = "Measured here in user space by the live engine on " + dir + ": "
                + (first.size() >> 20) + " MiB per file, " + runtime.toMillis() + " ms per row (the seed: "
                + t.command() + "). User space only: this machine's filesystem, not the seed's kernel path.";
        return new Measured(ratios, mib, scaling);
    }

    static String describe(JobSpec j) {
        return "rw=" + j.rw().fioName() + " bs=" + (j.bs() >= 1 << 20 ? (j.bs() >> 20) + "m" : (j.bs() >> 10) + "k")
                + " ioengine=" + j.engine().engine().fioName() + " iodepth="
                + j.engine().iodepth() + " mode="
                + j.mode().cliName() + " csum=" + j.csum().name().toLowerCase(java.util.Locale.ROOT);
    }
}
