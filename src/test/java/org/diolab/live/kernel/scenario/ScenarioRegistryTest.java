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
}
