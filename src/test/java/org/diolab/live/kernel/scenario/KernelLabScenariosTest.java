package org.diolab.live.kernel.scenario;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import org.diolab.live.job.CancelToken;
import org.diolab.live.kernel.KernelLab;
import org.diolab.live.kernel.KernelLabReport;
import org.diolab.live.kernel.LabProgress;
import org.diolab.live.kernel.lab.KernelLabSupport;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Every scenario run for real, once, small and short, against this machine's kernel. Verdicts are not known in
 * advance: each test checks that the outcome and its sentence follow from the numbers the same run measured, and
 * that the run left nothing behind.
 */
class KernelLabScenariosTest {
    private static Path dir;
    private static KernelLabReport report;

    @BeforeAll
    static void runAll() throws Exception {
        KernelLabSupport.assumeLabRuns();
        dir = KernelLabSupport.scratch();
        report = KernelLab.run(
                KernelLabSupport.request(dir, Scenario.values()), LabProgress.Listener.NONE, new CancelToken());
    }

    @AfterAll
    static void cleanUp() throws Exception {
        KernelLabSupport.delete(dir);
    }

    private static ScenarioResult result(Scenario s) {
        return report.results().stream()
                .filter(r -> r.scenario() == s)
                .findFirst()
                .orElseThrow();
    }

    @Test
    void leavesNoMountLoopDeviceOrFileBehind() throws Exception {
        KernelLabSupport.assertNothingLeft(dir);
        assertThat(report.leftBehind()).isEmpty();
        assertThat(report.tornDown()).contains("volume(s)");
    }

    @Test
    void namesTheKernelAndToolsItAsked() throws Exception {
        assertThat(report.kernelRelease())
                .isEqualTo(
                        Files.readString(Path.of("/proc/sys/kernel/osrelease")).strip());
        assertThat(report.btrfsProgs()).startsWith("btrfs-progs");
        assertThat(report.results()).extracting(ScenarioResult::scenario).containsExactly(Scenario.values());
        assertThat(report.results()).allSatisfy(r -> assertThat(r.outcome()).isNotEqualTo(Outcome.FAILED));
        for (ScenarioResult r : report.results()) {
            assertThat(r.verdict()).as(r.scenario().id()).startsWith(r.outcome().label() + ": ");
            assertThat(r.references()).as(r.scenario().id()).isNotEmpty();
            assertThat(r.setup()).as(r.scenario().id()).isNotBlank();
        }
    }

    @Test
    void falseChecksumVerdictFollowsTheReadsAndTheLog() {
        ScenarioResult r = result(Scenario.FALSE_CSUM_READ);
        long eio = r.number("eio_with_scribbler");
        boolean controlsClean = r.number("eio_without_scribbler") == 0 && r.number("eio_nodatasum") == 0;
        // No false EIO is only called "not seen" after every round ran with the buffer changing more often than it
        // was read; with a starved scribbler it is inconclusive, and the verdict says why.
        boolean fairChance = r.number("scribbler_passes") >= r.number("reads_with_scribbler");
        Outcome expected = !controlsClean
                ? Outcome.INCONCLUSIVE
                : eio > 0 ? Outcome.PRESENT : fairChance ? Outcome.NOT_SEEN : Outcome.INCONCLUSIVE;
        assertThat(r.outcome()).as(r.verdict()).isEqualTo(expected);
        assertThat(r.number("race_rounds")).isBetween(1L, (long) FalseCsumRead.RACE_ROUNDS);
        if (eio == 0) {
            assertThat(r.number("race_rounds")).isEqualTo(FalseCsumRead.RACE_ROUNDS);
        }
        if (controlsClean && eio == 0 && !fairChance) {
            assertThat(r.verdict()).contains("too little CPU");
        }
        assertThat(r.number("reads_with_scribbler")).isPositive();
        assertThat(r.measure("nodatasum_file_nocow").orElseThrow().value()).isEqualTo(true);
        if (expected == Outcome.PRESENT) {
            assertThat(r.verdict())
                    .contains(String.format(
                            Locale.ROOT, "%,d of %,d direct reads", eio, r.number("reads_with_scribbler")));
            assertThat(r.number("corruption_errs_after")).isGreaterThan(r.number("corruption_errs_before"));
            // The log lines are corroboration only: the kernel rate-limits them system-wide, so another run's
            // failures just before can leave none for this one, and the result then says so.
            if (r.number("kernel_csum_failed_lines") > 0) {
                assertThat(r.kernelLog()).anyMatch(l -> l.contains("csum failed"));
            } else {
                assertThat(r.limits()).contains(FalseCsumRead.RATE_LIMITED);
                assertThat(r.verdict()).contains("no 'csum failed' line (rate-limited)");
            }
        }
    }

    @Test
    void raid1VerdictFollowsTheLegsAndHowTheWritesWent() {
        ScenarioResult r = result(Scenario.RAID1_DIVERGENCE);
        assertThat(r.number("raid1_legs_read_alone")).isEqualTo(2);
        assertThat(r.number("raid1_blocks_compared")).isPositive();
        long differing = r.number("raid1_blocks_differing")
                + r.measure("raid1c3_blocks_differing")
                        .map(m -> (Long) m.value())
                        .orElse(0L);
        String mechanism = (String) r.measure("raid1_mechanism").orElseThrow().value();
        if (differing > 0) {
            assertThat(r.outcome()).isEqualTo(Outcome.PRESENT);
        } else if (mechanism.equals(WriteProbe.Mechanism.BUFFERED.label)) {
            assertThat(r.outcome()).isEqualTo(Outcome.PREVENTED);
            assertThat(r.mechanism()).isEqualTo("buffered fallback");
            assertThat(r.number("raid1_max_cached_pages")
                            + r.number("raid1_max_dirty_pages")
                            + r.number("raid1_max_writeback_pages"))
                    .isPositive();
            assertThat(r.references()).extracting(Reference::commit).contains("7c2830f00c3e");
        } else {
            assertThat(r.outcome()).isIn(Outcome.PREVENTED, Outcome.NOT_SEEN);
        }
        r.measure("raid1c3_legs_read_alone")
                .ifPresent(m -> assertThat(m.value()).isEqualTo(3L));
        assertThat(r.measure("single_mechanism")).isPresent();
        assertThat(r.number("raid1_buffer_rewrites")).isPositive();
    }

    @Test
    void datasumVerdictFollowsTheScrub() {
        ScenarioResult r = result(Scenario.DATASUM_WRITE);
        boolean errors =
                r.number("scrub_csum_errors") + r.number("scrub_verify_errors") + r.number("scrub_read_errors") > 0;
        String mechanism = (String) r.measure("datasum_mechanism").orElseThrow().value();
        // The lab commits the transaction before scrubbing, so scrub sees the writes; were it to check nothing, the
        // only honest verdict is inconclusive.
        if (!errors && r.number("scrub_data_bytes") == 0) {
            assertThat(r.outcome()).isEqualTo(Outcome.INCONCLUSIVE);
            assertThat(r.verdict()).contains("scrub checked no data");
        } else if (errors) {
            assertThat(r.outcome()).isEqualTo(Outcome.PRESENT);
        } else if (mechanism.equals(WriteProbe.Mechanism.BUFFERED.label)) {
            assertThat(r.outcome()).isEqualTo(Outcome.PREVENTED);
            assertThat(r.references()).extracting(Reference::commit).containsExactly("968f19c5b1b7");
        }
        assertThat(r.mechanism()).isEqualTo(mechanism);
    }

    @Test
    void fallbackCostReportsWhatItMeasured() {
        ScenarioResult r = result(Scenario.FALLBACK_COST);
        assertThat(r.outcome()).isEqualTo(Outcome.MEASURED);
        for (String k : List.of("single_direct", "single_buffered", "raid1_direct", "raid1_buffered")) {
            double mibs = (Double) r.measure(k + "_mib_per_s").orElseThrow().value();
            assertThat(mibs).as(k).isPositive();
            assertThat(r.verdict()).contains(String.format(Locale.ROOT, "%.0f", mibs));
        }
        assertThat(r.setup()).contains("loop");
    }

    @Test
    void nowaitVerdictFollowsTheEagainCounts() {
        ScenarioResult r = result(Scenario.NOWAIT_READ);
        double ds = (double) r.number("datasum_nowait_eagain") / r.number("datasum_nowait_reads");
        double nd = (double) r.number("nodatasum_nowait_eagain") / r.number("nodatasum_nowait_reads");
        String expected = ds >= 0.9 && nd >= 0.9
                ? "NOWAIT refused for all files"
                : ds >= 0.9 && nd < 0.5 ? "bounce refuses NOWAIT" : "zero-copy read";
        assertThat(r.mechanism()).isEqualTo(expected);
        if (expected.equals("NOWAIT refused for all files")) {
            assertThat(r.measure("ext4_nowait_reads")).isPresent();
        }
    }

    @Test
    void stableWritesListsTheDevicesAndShowsTheFlagIsWritable() {
        ScenarioResult r = result(Scenario.STABLE_WRITES);
        List<Measure> flags = r.evidence().stream()
                .filter(m -> m.key().startsWith("stable_writes_"))
                .toList();
        assertThat(flags).isNotEmpty();
        long set = flags.stream().filter(m -> Long.valueOf(1).equals(m.value())).count();
        assertThat(r.verdict()).startsWith(set == 0 ? "measured: none of" : "measured: " + set + " of");
        assertThat(r.number("loop_stable_writes_writable")).isEqualTo(1);
    }

    @Test
    void bufferedDivergenceVerdictFollowsTheLegsAndTheWaits() {
        ScenarioResult r = result(Scenario.BUFFERED_DIVERGENCE);
        assertThat(r.measure("nodatasum_file_nocow").orElseThrow().value()).isEqualTo(true);
        long differing = 0;
        for (String k : List.of("nodatasum_write", "nodatasum_mmap", "checksummed_write", "checksummed_mmap")) {
            assertThat(r.number(k + "_writes")).as(k).isPositive();
            assertThat(r.number(k + "_blocks_located")).as(k).isEqualTo(BufferedDivergence.BLOCKS);
            assertThat(r.number(k + "_foreign_copies")).as(k).isZero();
            differing += r.number(k + "_blocks_differing");
        }
        assertThat(r.number("blocks_read_alone")).isEqualTo(BufferedDivergence.BLOCKS);
        if (differing > 0) {
            assertThat(r.outcome()).isEqualTo(Outcome.PRESENT);
            assertThat(r.verdict()).contains("the legs diverged");
        } else {
            assertThat(r.outcome()).isIn(Outcome.PREVENTED, Outcome.NOT_SEEN, Outcome.INCONCLUSIVE);
            assertThat(r.verdict()).contains("the legs agreed");
        }
        assertThat(r.references()).extracting(Reference::commit).contains("ecde48a1a6b3");
    }

    @Test
    void convoyVerdictFollowsTheBandwidthRatio() {
        ScenarioResult r = result(Scenario.EXT4_CONVOY);
        if (r.outcome() == Outcome.SKIPPED) {
            return; // no ext4 here and no mkfs.ext4: the result says so
        }
        double shared = (Double)
                        r.measure("shared_read_mib_per_s").orElseThrow().value()
                + (Double) r.measure("shared_write_mib_per_s").orElseThrow().value();
        double own = (Double)
                        r.measure("per_thread_read_mib_per_s").orElseThrow().value()
                + (Double) r.measure("per_thread_write_mib_per_s").orElseThrow().value();
        double ratio = (Double) r.measure("shared_vs_per_thread").orElseThrow().value();
        assertThat(ratio).isCloseTo(shared / own, org.assertj.core.data.Offset.offset(0.02));
        if (ratio < 0.5) {
            assertThat(r.outcome()).isEqualTo(Outcome.PRESENT);
        } else if (ratio >= 0.8
                && Boolean.TRUE.equals(r.measure("dioread_nolock").orElseThrow().value())) {
            assertThat(r.outcome()).isEqualTo(Outcome.PREVENTED);
        } else {
            assertThat(r.outcome()).isEqualTo(Outcome.MEASURED);
        }
    }
}
