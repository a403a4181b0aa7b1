package org.diolab.lesson;

import static org.assertj.core.api.Assertions.assertThat;

import org.diolab.bench.FixtureLessons;
import org.diolab.engine.explore.ExploreResult;
import org.diolab.engine.explore.Explorer;
import org.junit.jupiter.api.Test;

/**
 * Issue 24's fixture keeps the outcome its {@code expect:} promises under every policy it lists, both on its schedule
 * and over every interleaving. Under DONTCACHE its readers read two blocks, one of which another reader may have
 * cached: the read must fill the other block, not return the unfilled folio (a false read-returns-written).
 */
class ThreeLegsFixtureTest {
    private final Lesson fixture = FixtureLessons.threeLegsDontcache();

    @Test
    void theScheduleKeepsThePromisedOutcomeUnderEveryPolicy() {
        for (PolicyChoice c : fixture.policies()) {
            assertThat(fixture.play(c.policy()).violatedInvariants())
                    .as("played under %s", c.policy().id())
                    .isEqualTo(fixture.expect().get(c.policy()).violated());
        }
    }

    @Test
    void everyInterleavingUnderDontcacheKeepsTheMirrorsEqualAndReadsOnlyWrittenData() {
        PolicyChoice dontcache = fixture.policies().stream()
                .filter(c -> c.policy().id().equals("dontcache"))
                .findFirst()
                .orElseThrow();
        ExploreResult r = Explorer.explore(fixture.simulator(dontcache.policy()));
        assertThat(r.complete()).as("explored to the end").isTrue();
        assertThat(r.violated())
                .as("%s", r.violations())
                .isEqualTo(fixture.expect().get(dontcache.policy()).violated());
    }
}
