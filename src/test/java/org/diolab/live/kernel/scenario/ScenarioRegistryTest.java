package org.diolab.live.kernel.scenario;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The one registry of kernel-lab scenarios: ids, lessons, traits. */
class ScenarioRegistryTest {
    @Test
    void scenariosMapToTheirLessons() {
        assertThat(Scenario.forLesson("dio-read-false-checksum-error")).containsExactly(Scenario.FALSE_CSUM_READ);
        assertThat(Scenario.forLesson("raid1-mirrors-diverge"))
                .containsExactly(Scenario.RAID1_DIVERGENCE, Scenario.BUFFERED_DIVERGENCE);
        assertThat(Scenario.forLesson("btrfs-raid1-buffered-writeback"))
                .containsExactlyInAnyOrder(Scenario.STABLE_WRITES, Scenario.BUFFERED_DIVERGENCE);
        assertThat(Scenario.forLesson("pin-is-not-a-lock"))
                .contains(Scenario.FALSE_CSUM_READ, Scenario.RAID1_DIVERGENCE);
        assertThat(Scenario.forLesson("exclusive-pin-deadlock")).isEmpty();
        assertThat(Scenario.byId("EXT4-CONVOY")).contains(Scenario.EXT4_CONVOY);
    }

    /**
     * The audit of lasting state (issue 25), as the registry declares it: what raises btrfs's error counters, what
     * leaves a scrub record, what sets a loop device's queue flag; the rest leaves nothing that outlives the run.
     */
    @Test
    void everyScenarioDeclaresWhatOutlivesItsRun() {
        assertThat(Scenario.FALSE_CSUM_READ.lasting()).containsExactly(Lasting.ERROR_COUNTERS);
        assertThat(Scenario.DATASUM_WRITE.lasting())
                .containsExactlyInAnyOrder(Lasting.ERROR_COUNTERS, Lasting.SCRUB_RECORD);
        assertThat(Scenario.STABLE_WRITES.lasting()).containsExactly(Lasting.QUEUE_SETTING);
        assertThat(Scenario.BUFFERED_DIVERGENCE.lasting())
                .containsExactlyInAnyOrder(Lasting.ERROR_COUNTERS, Lasting.SCRUB_RECORD);
        for (Scenario s : new Scenario[] {
            Scenario.RAID1_DIVERGENCE, Scenario.FALLBACK_COST, Scenario.NOWAIT_READ, Scenario.EXT4_CONVOY
        }) {
            assertThat(s.lasting()).as(s.id()).isEmpty();
        }
        // Only what changes the volume itself needs the user's consent on their btrfs; the host's state the lab
        // restores.
        assertThat(Scenario.ids(Scenario::changesAUsersVolume))
                .isEqualTo("false-csum-read, datasum-write, buffered-divergence");
        assertThat(Scenario.ids(s -> s.fileLevel() && s.changesAUsersVolume())).isEqualTo("false-csum-read");
        assertThat(Lasting.SCRUB_RECORD.scope()).isEqualTo(Lasting.Scope.HOST);
        assertThat(Lasting.QUEUE_SETTING.scope()).isEqualTo(Lasting.Scope.HOST);
    }
}
