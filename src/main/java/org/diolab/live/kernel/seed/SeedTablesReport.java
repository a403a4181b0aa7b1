package org.diolab.live.kernel.seed;

import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import org.diolab.live.probe.Environment;

/**
 * The seeds' tables beside this kernel's runs of their workloads: each row's seed value and ratio to its table's
 * first row, this kernel's value and ratio to its own first row (or why there is none), how the runs were scaled,
 * and what the lab built and tore down.
 *
 * @param scaling  how the seeds' workloads were scaled to this machine, one sentence
 * @param caveats  what the comparison cannot say (loop devices are not the seeds' SSDs, single runs, load)
 * @param runs     every run made, with its job and where it ran
 * @param tornDown the volumes built and removed, described
 */
public record SeedTablesReport(
        String kernel,
        Environment machine,
        Instant startedAt,
        String scaling,
        List<String> caveats,
        List<Table> tables,
        List<Measured> runs,
        List<String> swept,
        List<String> tornDown,
        List<String> leftBehind) {
    public SeedTablesReport {
        caveats = List.copyOf(caveats);
        tables = List.copyOf(tables);
        runs = List.copyOf(runs);
        swept = List.copyOf(swept);
        tornDown = List.copyOf(tornDown);
        leftBehind = List.copyOf(leftBehind);
    }

    /** A seed table with this kernel's column. */
    public record Table(SeedTable seed, List<Row> rows) {
        public Table {
            rows = List.copyOf(rows);
        }

        /** The row labelled {@code label} (a lesson's case), if the table has it. */
        public Optional<Row> row(String label) {
            return rows.stream().filter(r -> r.seed().label().equals(label)).findFirst();
        }
    }

    /**
     * @param seedRatio the seed's value over its table's first row's
     * @param here      this kernel's value in the table's unit
     * @param hereRatio this kernel's value over its own first row's
     * @param absent    why this kernel has no value, when it has none
     * @param run       the run that measured it
     */
    public record Row(
            SeedTable.Row seed,
            OptionalDouble seedRatio,
            OptionalDouble here,
            OptionalDouble hereRatio,
            Optional<String> absent,
            Optional<Measurement> run) {}

    /** The table of {@code seed} in {@code unit} ("S002", "IOPS"), if this report has it. */
    public Optional<Table> table(String seed, String unit) {
        return tables.stream()
                .filter(t -> t.seed().seed().equals(seed) && t.seed().unit().equals(unit))
                .findFirst();
    }
}
