package org.diolab.live.kernel.seed;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.Set;

/**
 * Puts this kernel's runs beside the seeds' tables: each row's value in the table's unit, and both columns as ratios
 * to their own first row (tables from different machines only compare as ratios). Pure: the runs come in.
 */
public final class SeedComparison {
    private SeedComparison() {}

    /** The runs {@code tables} need on {@code kernel} (rows it cannot measure need none). */
    public static Set<Measurement> needed(List<SeedTable> tables, KernelFacts kernel) {
        Set<Measurement> out = EnumSet.noneOf(Measurement.class);
        for (SeedTable t : tables) {
            for (SeedTable.Row r : t.rows()) {
                r.measuredBy().measurement(kernel).ifPresent(out::add);
            }
        }
        return out;
    }

    public static List<SeedTablesReport.Table> compare(
            List<SeedTable> tables, Map<Measurement, Measured> runs, KernelFacts kernel) {
        List<SeedTablesReport.Table> out = new ArrayList<>();
        for (SeedTable t : tables) {
            SeedTable.Row first = t.rows().getFirst();
            OptionalDouble seedBase = first.seedValue();
            OptionalDouble hereBase = value(first, t.unit(), runs, kernel);
            List<SeedTablesReport.Row> rows = new ArrayList<>();
            for (SeedTable.Row r : t.rows()) {
                OptionalDouble here = value(r, t.unit(), runs, kernel);
                Optional<Measurement> run = r.measuredBy().measurement(kernel);
                Optional<String> absent = r.measuredBy()
                        .absentBecause(kernel)
                        .or(() -> run.isPresent() && !runs.containsKey(run.get())
                                ? Optional.of("not run")
                                : Optional.empty());
                rows.add(new SeedTablesReport.Row(
                        r, ratio(r.seedValue(), seedBase), here, ratio(here, hereBase), absent, run));
            }
            out.add(new SeedTablesReport.Table(t, rows));
        }
        return out;
    }

    private static OptionalDouble value(
            SeedTable.Row r, String unit, Map<Measurement, Measured> runs, KernelFacts kernel) {
        Optional<Measured> m = r.measuredBy().measurement(kernel).map(runs::get);
        return m.isPresent() ? OptionalDouble.of(m.get().value(r.metric(), unit)) : OptionalDouble.empty();
    }

    private static OptionalDouble ratio(OptionalDouble v, OptionalDouble base) {
        return v.isPresent() && base.isPresent() && base.getAsDouble() > 0
                ? OptionalDouble.of(v.getAsDouble() / base.getAsDouble())
                : OptionalDouble.empty();
    }
}
