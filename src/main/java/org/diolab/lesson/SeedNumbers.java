package org.diolab.lesson;

import java.util.List;

/**
 * A table of measurements from a seed thread, with what it takes to read it honestly: the workload, the machine, and
 * the caveats (single runs in VMs, mislabelled units, ...).
 *
 * @param unit    what {@link Row#value()} is in, e.g. {@code MiB/s}
 * @param machine the perf model's machine for this table ({@code s003-vm}, {@code s004}, ...), or {@code null}
 * @param crc     whether the seed's CRC32C was accelerated ({@code hw}) or not ({@code sw}), or {@code null}
 */
public record SeedNumbers(
        String seed,
        String title,
        String command,
        String hardware,
        String unit,
        List<Row> rows,
        List<String> caveats,
        String machine,
        String crc) {
    public SeedNumbers {
        rows = List.copyOf(rows);
        caveats = List.copyOf(caveats);
    }

    /**
     * One measured case; {@code policy} names the lesson policy it corresponds to, {@code model} the perf model's data
     * path for it ({@code zero-copy-nodatasum}, {@code bounce-datasum}, ...), either may be {@code null}.
     */
    public record Row(String label, double value, String policy, String note, String model) {}

    /** Each row's value divided by the first row's: tables from different machines compare as ratios. */
    public double ratio(Row r) {
        return r.value() / rows.getFirst().value();
    }
}
