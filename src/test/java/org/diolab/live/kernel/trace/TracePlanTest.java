package org.diolab.live.kernel.trace;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import java.util.Set;
import org.diolab.live.kernel.trace.meaning.LabDevices;
import org.diolab.live.kernel.trace.text.DevNum;
import org.junit.jupiter.api.Test;

class TracePlanTest {
    private static final TraceTargets RAID1 = TraceTargets.of(new LabDevices(
                    Map.of(new DevNum(7, 0), "loop0: leg 0", new DevNum(7, 1), "loop1: leg 1"),
                    Map.of(new DevNum(0, 40), "btrfs raid1")))
            .withBdis(Set.of("btrfs-40"));

    @Test
    void falseCsumReadRecordsDirectIoOfTheLabsFilesystemAndRequestsOfItsDevices() {
        TracePlan p = TracePlan.forScenario("false-csum-read", RAID1).orElseThrow();
        assertThat(p.events())
                .extracting(EventSpec::id)
                .containsExactly(
                        "iomap:iomap_dio_rw_begin",
                        "iomap:iomap_dio_complete",
                        "block:block_bio_queue",
                        "block:block_rq_issue",
                        "block:block_rq_complete");
        assertThat(filter(p, "block:block_rq_issue")).isEqualTo("dev == 7340032 || dev == 7340033");
        assertThat(filter(p, "iomap:iomap_dio_rw_begin")).isEqualTo("(dev == 40) && (comm ~ \"dio-lab*\")");
        assertThat(p.bufferKbPerCpu()).isEqualTo(TracePlan.DEFAULT_BUFFER_KB);
    }

    @Test
    void theWriteScenariosFollowTheBufferedFallbackToWriteback() {
        for (String id : List.of("raid1-divergence", "datasum-write")) {
            TracePlan p = TracePlan.forScenario(id, RAID1).orElseThrow();
            assertThat(p.events())
                    .extracting(EventSpec::id)
                    .contains(
                            "writeback:writeback_dirty_folio",
                            "writeback:wbc_writepage",
                            "btrfs:btrfs_ordered_extent_add",
                            "block:block_rq_complete");
            assertThat(filter(p, "writeback:wbc_writepage")).isEqualTo("name == \"btrfs-40\"");
            assertThat(filter(p, "writeback:writeback_dirty_folio")).isEqualTo("comm ~ \"dio-lab*\"");
            assertThat(filter(p, "filemap:mm_filemap_add_to_page_cache")).isEqualTo("s_dev == 40");
        }
    }

    @Test
    void theConvoyRecordsTheLabsThreadsReaderWriterLockWaitsAndSleepsOnlyInALargerRing() {
        TracePlan p = TracePlan.forScenario("ext4-convoy", RAID1).orElseThrow();
        assertThat(filter(p, "lock:contention_begin")).isEqualTo("(comm ~ \"dio-lab*\") && (flags & 6)");
        assertThat(filter(p, "lock:contention_end")).isEqualTo("comm ~ \"dio-lab*\"");
        assertThat(filter(p, "sched:sched_switch")).isEqualTo("(prev_comm ~ \"dio-lab*\") && (prev_state & 2)");
        assertThat(p.events())
                .extracting(EventSpec::id)
                .containsExactly(
                        "iomap:iomap_dio_rw_begin",
                        "lock:contention_begin",
                        "lock:contention_end",
                        "sched:sched_switch");
        assertThat(p.bufferKbPerCpu()).isEqualTo(TracePlan.BUSY_BUFFER_KB).isGreaterThan(TracePlan.DEFAULT_BUFFER_KB);
        assertThat(TracePlan.forScenario("false-csum-read", RAID1).orElseThrow().bufferKbPerCpu())
                .isEqualTo(TracePlan.DEFAULT_BUFFER_KB);
    }

    @Test
    void theBusiestRacesAreBoundedByFilterMarkingAndRing() {
        TracePlan nowait = TracePlan.forScenario("nowait-read", RAID1).orElseThrow();
        assertThat(filter(nowait, "sched:sched_switch")).isEqualTo("(prev_comm ~ \"dio-lab*\") && (prev_state & 2)");
        assertThat(nowait.events()).extracting(EventSpec::id).doesNotContain("sched:sched_wakeup");
        assertThat(nowait.bufferKbPerCpu()).isEqualTo(TracePlan.BUSY_BUFFER_KB);
        for (String id : List.of("raid1-divergence", "datasum-write")) {
            TracePlan w = TracePlan.forScenario(id, RAID1).orElseThrow();
            assertThat(w.storeMarkEvery()).as(id).isEqualTo(TracePlan.WRITE_STORE_MARK_EVERY);
            assertThat(w.bufferKbPerCpu()).as(id).isEqualTo(TracePlan.BUSY_BUFFER_KB);
        }
        assertThat(TracePlan.forScenario("false-csum-read", RAID1).orElseThrow().storeMarkEvery())
                .isEqualTo(TracePlan.DEFAULT_STORE_MARK_EVERY);
    }

    @Test
    void nowaitAndStableWritesHaveTheirOwnEvidence() {
        assertThat(TracePlan.forScenario("nowait-read", RAID1).orElseThrow().events())
                .extracting(EventSpec::id)
                .contains("sched:sched_switch", "iomap:iomap_dio_complete");
        assertThat(TracePlan.forScenario("stable-writes", RAID1).orElseThrow().events())
                .extracting(EventSpec::id)
                .contains("writeback:folio_wait_writeback");
    }

    @Test
    void withoutDevicesOfItsOwnTheBlockEventsAreTheLabsThreadsAndCompletionsAreLeftOut() {
        TracePlan p = TracePlan.forScenario("ext4-convoy", TraceTargets.of(LabDevices.NONE))
                .orElseThrow();
        TracePlan nowait = TracePlan.forScenario("nowait-read", TraceTargets.of(LabDevices.NONE))
                .orElseThrow();
        assertThat(filter(nowait, "block:block_bio_queue")).isEqualTo("comm ~ \"dio-lab*\"");
        assertThat(filter(nowait, "block:block_rq_issue")).isEqualTo("comm ~ \"dio-lab*\"");
        assertThat(nowait.events()).extracting(EventSpec::id).doesNotContain("block:block_rq_complete");
        assertThat(filter(p, "iomap:iomap_dio_rw_begin")).isEqualTo("comm ~ \"dio-lab*\"");
    }

    @Test
    void everyPlanSaysWhatItIsLookedAtForAndWhichLoopsMakeTheRace() {
        assertThat(TracePlan.forScenario("false-csum-read", RAID1).orElseThrow())
                .satisfies(p -> {
                    assertThat(p.look()).isEqualTo(org.diolab.live.kernel.trace.meaning.Look.EIO_READS);
                    assertThat(p.race()).isEqualTo(RaceMeasure.eioWhileScribbled("datasum"));
                    assertThat(p.storeMarkEvery()).isEqualTo(TracePlan.DEFAULT_STORE_MARK_EVERY);
                });
        assertThat(TracePlan.forScenario("nowait-read", RAID1).orElseThrow().race())
                .isEqualTo(RaceMeasure.eagainOfNowait("datasum"));
        assertThat(TracePlan.forScenario("ext4-convoy", RAID1)
                        .orElseThrow()
                        .race()
                        .loops())
                .isEqualTo(RaceMeasure.Loops.NONE);
        RaceMeasure m = RaceMeasure.eioWhileScribbled("datasum");
        assertThat(m.counts("datasum", true, false)).isTrue();
        assertThat(m.counts("nodatasum", true, false)).as("the control file").isFalse();
        assertThat(m.counts("datasum", false, false)).as("the quiet control").isFalse();
    }

    @Test
    void anUnknownScenarioHasNoPlan() {
        assertThat(TracePlan.forScenario("no-such-scenario", RAID1)).isEmpty();
    }

    private static String filter(TracePlan p, String id) {
        return p.events().stream()
                .filter(e -> e.id().equals(id))
                .findFirst()
                .orElseThrow()
                .filter();
    }
}
