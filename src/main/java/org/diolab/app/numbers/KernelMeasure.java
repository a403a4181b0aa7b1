package org.diolab.app.numbers;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalDouble;
import org.diolab.lesson.SeedNumbers;
import org.diolab.live.job.CancelToken;
import org.diolab.live.kernel.seed.SeedCatalog;
import org.diolab.live.kernel.seed.SeedTable;
import org.diolab.live.kernel.seed.SeedTables;
import org.diolab.live.kernel.seed.SeedTablesReport;
import org.diolab.live.kernel.seed.SeedTablesRequest;

/**
 * "Re-measure on this kernel": the kernel lab's {@code seed-tables} for the table's seed (its own workload on loop
 * volumes the lab builds, as root), and each lesson row's value over the lesson table's first row's, matched by the
 * row's case. At the tab's scale: {@link #SIZE} per file, {@link #RUNTIME} per run.
 */
public final class KernelMeasure {
    public static final long SIZE = 256L << 20;
    public static final Duration RUNTIME = Duration.ofSeconds(3);

    /** Runs a seed-tables request; the lab's own ({@link SeedTables#run}) outside tests. */
    @FunctionalInterface
    public interface Runner {
        SeedTablesReport run(SeedTablesRequest request, SeedTables.Progress progress, CancelToken cancel);
    }

    private final Runner runner;
    private final long size;
    private final Duration runtime;

    public KernelMeasure(Runner runner, long size, Duration runtime) {
        this.runner = runner;
        this.size = size;
        this.runtime = runtime;
    }

    /** The lab's, at the tab's scale. */
    public static KernelMeasure live() {
        return new KernelMeasure(SeedTables::run, SIZE, RUNTIME);
    }

    /** Runs {@code t}'s seed's workloads in {@code dir}. */
    public SeedTablesReport measure(SeedNumbers t, Path dir, SeedTables.Progress progress, CancelToken cancel) {
        return runner.run(new SeedTablesRequest(List.of(t.seed()), dir, size, runtime, true), progress, cancel);
    }

    /** True when the lab re-measures {@code t}: its seed's table in its unit has the lesson table's first case. */
    public static boolean covers(SeedNumbers t) {
        if (!SeedCatalog.SEEDS.contains(t.seed().toUpperCase(Locale.ROOT))) {
            return false;
        }
        return SeedTables.tables(List.of(t.seed())).stream()
                .filter(x -> x.unit().equals(t.unit()))
                .anyMatch(x -> x.rows().stream()
                        .map(SeedTable.Row::label)
                        .anyMatch(l -> l.equals(t.rows().getFirst().label())));
    }

    /** This kernel's value of {@code row} over that of the lesson table's first row, when both were measured. */
    public static OptionalDouble ratio(SeedTablesReport r, SeedNumbers t, SeedNumbers.Row row) {
        OptionalDouble here = value(r, t, row.label());
        OptionalDouble base = value(r, t, t.rows().getFirst().label());
        return here.isPresent() && base.isPresent() && base.getAsDouble() > 0
                ? OptionalDouble.of(here.getAsDouble() / base.getAsDouble())
                : OptionalDouble.empty();
    }

    /** Why this kernel has no value for {@code row}, when it has none. */
    public static Optional<String> absent(SeedTablesReport r, SeedNumbers t, SeedNumbers.Row row) {
        return row(r, t, row.label()).flatMap(SeedTablesReport.Row::absent);
    }

    private static OptionalDouble value(SeedTablesReport r, SeedNumbers t, String label) {
        return row(r, t, label).map(SeedTablesReport.Row::here).orElse(OptionalDouble.empty());
    }

    private static Optional<SeedTablesReport.Row> row(SeedTablesReport r, SeedNumbers t, String label) {
        return r.table(t.seed().toUpperCase(Locale.ROOT), t.unit()).flatMap(x -> x.row(label));
    }

    /** The line under the table once measured: what ran, how scaled, on which kernel, with the caveats' first. */
    static String line(SeedTablesReport r) {
        return "This kernel (Linux " + r.kernel() + ", kernel lab on loop devices): " + r.scaling() + " "
                + (r.caveats().isEmpty() ? "" : r.caveats().getFirst())
                + (r.leftBehind().isEmpty() ? "" : " Left behind: " + String.join("; ", r.leftBehind()));
    }
}
