package org.diolab.cli;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.Set;
import org.diolab.live.kernel.seed.Measured;
import org.diolab.live.kernel.seed.Measurement;
import org.diolab.live.kernel.seed.SeedTablesReport;

/**
 * {@code kernel-lab seed-tables} as text: per table the seed's job and machine, this kernel's jobs and volumes, and
 * each row's seed value and ratio beside this kernel's (or why it has none); then the scaling and the caveats.
 */
final class SeedTablesText {
    private SeedTablesText() {}

    static String render(SeedTablesReport r) {
        StringBuilder b = new StringBuilder();
        b.append("Seed tables re-measured on this kernel (")
                .append(r.kernel())
                .append(", started ")
                .append(r.startedAt())
                .append(")\n");
        b.append("Machine: ")
                .append(r.machine().cpuModel())
                .append(", ")
                .append(r.machine().logicalCpus())
                .append(" CPUs");
        if (r.machine().filesystem() != null) {
            b.append("; scratch directory on ")
                    .append(r.machine().filesystem().type())
                    .append(" ")
                    .append(r.machine().filesystem().source());
        }
        b.append("\n").append(r.scaling()).append("\n");
        r.swept().forEach(s -> b.append("Swept: ").append(s).append("\n"));
        Set<Measurement> described = new java.util.HashSet<>();
        for (SeedTablesReport.Table t : r.tables()) {
            table(b, t, r.runs(), described);
        }
        b.append("\nCaveats:\n");
        r.caveats().forEach(c -> b.append("  - ").append(c).append("\n"));
        b.append("Torn down: ")
                .append(r.tornDown().isEmpty() ? "nothing was built" : String.join("; ", r.tornDown()))
                .append(r.leftBehind().isEmpty() ? "; nothing left behind" : "; LEFT BEHIND: " + r.leftBehind())
                .append("\n");
        return b.toString();
    }

    /** A table; runs an earlier table described (S002's three tables share five) are named, not described again. */
    private static void table(
            StringBuilder b, SeedTablesReport.Table t, List<Measured> runs, Set<Measurement> described) {
        String unit = t.seed().unit();
        b.append("\n")
                .append(t.seed().seed())
                .append(" · ")
                .append(t.seed().title())
                .append("\n");
        b.append("  seed's job:      ").append(t.seed().command()).append("\n");
        b.append("  seed's machine:  ").append(t.seed().machine()).append("\n");
        Set<Measurement> used = new LinkedHashSet<>();
        t.rows().forEach(row -> row.run().ifPresent(used::add));
        if (!used.isEmpty() && described.containsAll(used)) {
            b.append("  here: the runs above (")
                    .append(String.join(
                            ", ", used.stream().map(SeedTablesText::label).toList()))
                    .append(")\n");
        }
        for (Measurement m : used) {
            Optional<Measured> run =
                    runs.stream().filter(x -> x.measurement() == m).findFirst();
            if (run.isPresent() && described.add(m)) {
                b.append("  here, ")
                        .append(label(m))
                        .append(": ")
                        .append(run.get().job())
                        .append(" on ")
                        .append(run.get().where())
                        .append("\n");
            }
        }
        int w = Math.max(
                34,
                t.rows().stream().mapToInt(x -> x.seed().label().length()).max().orElse(0) + 2);
        b.append(String.format(
                Locale.ROOT, "  %-" + w + "s %12s %6s %12s %6s%n", "case", "seed " + unit, "×", "here " + unit, "×"));
        for (SeedTablesReport.Row row : t.rows()) {
            b.append(String.format(
                    Locale.ROOT,
                    "  %-" + w + "s %12s %6s %12s %6s%s%n",
                    row.seed().label(),
                    num(row.seed().seedValue()),
                    ratio(row.seedRatio()),
                    num(row.here()),
                    ratio(row.hereRatio()),
                    row.absent().map(a -> "  (" + a + ")").orElse("")));
        }
    }

    static String label(Measurement m) {
        return m.name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    private static String num(OptionalDouble v) {
        if (v.isEmpty()) {
            return "—";
        }
        double x = v.getAsDouble();
        return x >= 100
                ? String.format(Locale.ROOT, "%.0f", x)
                : x >= 1 ? String.format(Locale.ROOT, "%.2f", x) : String.format(Locale.ROOT, "%.3f", x);
    }

    private static String ratio(OptionalDouble v) {
        return v.isEmpty() ? "—" : String.format(Locale.ROOT, "%.2f", v.getAsDouble());
    }
}
