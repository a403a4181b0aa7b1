package org.diolab.live.kernel.seed;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.diolab.TestLessons;
import org.diolab.lesson.Lesson;
import org.diolab.lesson.SeedNumbers;
import org.diolab.live.report.DirectionStats;
import org.diolab.live.report.LatencySummary;
import org.junit.jupiter.api.Test;

/** This kernel's runs beside the seeds' tables: ratios to each column's own first row, and honest gaps. */
class SeedComparisonTest {
    private static final KernelFacts PLAIN = new KernelFacts("6.18.44", Optional.of(false));
    private static final KernelFacts EXPERIMENTAL = new KernelFacts("6.18.44", Optional.of(true));

    /** A run that moved {@code mibRead} and {@code mibWrite} MiB in one second, 1 MiB per I/O, 250 µs each. */
    static Measured run(Measurement m, double mibRead, double mibWrite) {
        return new Measured(m, "job", "volume", stats(mibRead), stats(mibWrite));
    }

    private static DirectionStats stats(double mib) {
        long ios = (long) mib;
        LatencySummary lat = new LatencySummary(ios, 1, 1, 250_000, 0, new java.util.TreeMap<>());
        return new DirectionStats((long) (mib * (1 << 20)), ios, 1_000_000_000L, lat);
    }

    @Test
    void s000sDatasumRowIsThisKernelsOwnPathAndTheBounceRowSaysWhyItHasNone() {
        var t = SeedComparison.compare(
                        SeedCatalog.of("S000"),
                        Map.of(
                                Measurement.S000_NODATASUM, run(Measurement.S000_NODATASUM, 1000, 0),
                                Measurement.S000_DATASUM, run(Measurement.S000_DATASUM, 800, 0)),
                        PLAIN)
                .getFirst();
        assertThat(t.rows())
                .extracting(r -> r.seed().label())
                .containsExactly(
                        "Nodatasum, zero-copy (baseline)",
                        "Datasum, zero-copy (unpatched)",
                        "Datasum, bounce (patched)");
        assertThat(t.rows().get(1).seedRatio().getAsDouble()).isCloseTo(853.0 / 988, within(1e-9));
        assertThat(t.rows().get(1).here().getAsDouble()).isCloseTo(800, within(1e-6));
        assertThat(t.rows().get(1).hereRatio().getAsDouble()).isCloseTo(0.8, within(1e-9));
        assertThat(t.rows().get(2).here()).isEmpty();
        assertThat(t.rows().get(2).absent().orElseThrow()).contains("no knob picks the other");
    }

    @Test
    void s003sUnitsAreDdsDecimalGigabytesAndTheRaid1RowHasNoSeedValue() {
        var t = SeedComparison.compare(
                        SeedCatalog.of("S003"),
                        Map.of(
                                Measurement.RAW_DEVICE_WRITE, run(Measurement.RAW_DEVICE_WRITE, 0, 1000),
                                Measurement.DATASUM_WRITE, run(Measurement.DATASUM_WRITE, 0, 500),
                                Measurement.NODATASUM_WRITE, run(Measurement.NODATASUM_WRITE, 0, 900),
                                Measurement.RAID1_NODATASUM_WRITE, run(Measurement.RAID1_NODATASUM_WRITE, 0, 450)),
                        PLAIN)
                .getFirst();
        assertThat(t.rows().getFirst().here().getAsDouble()).isCloseTo(1000 * 1048576 / 1e9, within(1e-9));
        assertThat(t.rows().get(2).hereRatio().getAsDouble()).isCloseTo(0.9, within(1e-9));
        SeedTablesReport.Row raid1 = t.rows().getLast();
        assertThat(raid1.seed().label()).startsWith("RAID1, nodatasum");
        assertThat(raid1.seed().seedValue()).isEmpty();
        assertThat(raid1.seedRatio()).isEmpty();
        assertThat(raid1.hereRatio().getAsDouble()).isCloseTo(0.45, within(1e-9));
    }

    @Test
    void s002sTwoKernelsShareThisKernelsOneRunPerBlockSize() {
        List<SeedTablesReport.Table> tables = SeedComparison.compare(
                SeedCatalog.of("S002"), Map.of(Measurement.S002_4K, run(Measurement.S002_4K, 100, 50)), PLAIN);
        assertThat(tables).extracting(t -> t.seed().unit()).containsExactly("KB/s", "IOPS", "us");
        SeedTablesReport.Table bw = tables.getFirst();
        assertThat(bw.row("4k READ w/").orElseThrow().here().getAsDouble()).isCloseTo(100 * 1024, within(1e-6));
        assertThat(bw.row("4k READ w/o").orElseThrow().here())
                .isEqualTo(bw.row("4k READ w/").orElseThrow().here());
        assertThat(bw.row("4k WRITE w/").orElseThrow().hereRatio().getAsDouble())
                .isCloseTo(0.5, within(1e-9));
        assertThat(bw.row("16k READ w/").orElseThrow().absent()).contains("not run");
        assertThat(tables.getLast().row("4k WRITE w/o").orElseThrow().here().getAsDouble())
                .as("mean completion latency in µs")
                .isCloseTo(250, within(1e-9));
    }

    @Test
    void s004sRowsFollowTheExperimentalBtrfsOption() {
        Map<Measurement, Measured> runs = Map.of(Measurement.DATASUM_WRITE, run(Measurement.DATASUM_WRITE, 0, 700));
        var plain = SeedComparison.compare(SeedCatalog.of("S004"), runs, PLAIN).getFirst();
        assertThat(plain.row("Vanilla datasum").orElseThrow().here().getAsDouble())
                .isCloseTo(700, within(1e-6));
        assertThat(plain.row("Patched datasum").orElseThrow().absent().orElseThrow())
                .contains("not in this kernel")
                .contains("CONFIG_BTRFS_EXPERIMENTAL, which is not set in this kernel's config");
        var experimental = SeedComparison.compare(SeedCatalog.of("S004"), runs, EXPERIMENTAL)
                .getFirst();
        assertThat(experimental.row("Patched datasum").orElseThrow().here().getAsDouble())
                .isCloseTo(700, within(1e-6));
        assertThat(experimental.row("Vanilla datasum").orElseThrow().here()).isEmpty();
        assertThat(SeedComparison.needed(SeedCatalog.of("S004"), PLAIN)).containsExactly(Measurement.DATASUM_WRITE);
    }

    @Test
    void onlyTheRunsTheChosenTablesNeedAreMade() {
        assertThat(SeedComparison.needed(SeedCatalog.of("S000"), PLAIN))
                .containsExactly(Measurement.S000_NODATASUM, Measurement.S000_DATASUM);
        assertThat(SeedComparison.needed(SeedTables.tables(List.of("S003", "S004")), PLAIN))
                .containsExactlyInAnyOrder(
                        Measurement.RAW_DEVICE_WRITE,
                        Measurement.DATASUM_WRITE,
                        Measurement.NODATASUM_WRITE,
                        Measurement.RAID1_NODATASUM_WRITE);
    }

    @Test
    void theKernelConfigIsReadAsTheKernelWritesIt() {
        assertThat(KernelFacts.experimental(Optional.of("CONFIG_BTRFS_FS=y\n# CONFIG_BTRFS_EXPERIMENTAL is not set\n")))
                .contains(false);
        assertThat(KernelFacts.experimental(Optional.of("CONFIG_BTRFS_EXPERIMENTAL=y\n")))
                .contains(true);
        assertThat(KernelFacts.experimental(Optional.empty())).isEmpty();
    }

    /** Every lesson table of a seed the lab re-measures uses the catalog's values under the same case labels. */
    @Test
    void theCatalogAgreesWithEveryLessonsTableOfItsSeeds() {
        int checked = 0;
        for (Lesson l : TestLessons.bundled().lessons()) {
            for (SeedNumbers n : l.numbers()) {
                Optional<SeedTable> same = SeedCatalog.SEEDS.contains(n.seed())
                        ? SeedCatalog.of(n.seed()).stream()
                                .filter(t -> t.unit().equals(n.unit()))
                                .findFirst()
                        : Optional.empty();
                if (same.isEmpty()) {
                    continue;
                }
                for (SeedNumbers.Row r : n.rows()) {
                    SeedTable.Row mine = same.get().rows().stream()
                            .filter(x -> x.label().equals(r.label()))
                            .findFirst()
                            .orElseThrow(() -> new AssertionError(l.id() + ": no catalog row '" + r.label() + "'"));
                    assertThat(mine.seedValue().getAsDouble())
                            .as(l.id() + " " + r.label())
                            .isEqualTo(r.value());
                    checked++;
                }
            }
        }
        assertThat(checked)
                .as("rows of S000, S002, S003 and S004 tables in the lessons")
                .isGreaterThan(60);
    }
}
