package org.diolab.live.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import org.diolab.live.job.Flow;
import org.junit.jupiter.api.Test;

/** fio's flow control: members of one flow id take I/O tokens in proportion to their weights. */
class FlowsTest {
    @Test
    void twoMembersAskingInTurnGetTokensInProportionToTheirWeights() {
        Flows flows = new Flows();
        Flows.Member light = flows.join(new Flow(1, 0, Duration.ZERO));
        Flows.Member heavy = flows.join(new Flow(8, 0, Duration.ZERO));
        int lightWaits = 0;
        for (int i = 0; i < 9_000; i++) {
            if (light.overShare()) {
                lightWaits++;
            }
            boolean ignored = heavy.overShare();
        }
        assertThat(heavy.count()).isEqualTo(9_000); // the heavy one is never over its share here
        assertThat((double) heavy.count() / light.count()).isBetween(7.9, 8.1);
        assertThat(lightWaits).isGreaterThan(7_000);
    }

    @Test
    void aMemberThatLeavesNoLongerHoldsTheOthersBack() {
        Flows flows = new Flows();
        Flows.Member a = flows.join(new Flow(1, 0, Duration.ZERO));
        Flows.Member b = flows.join(new Flow(1, 0, Duration.ZERO));
        while (!b.overShare()) {
            // b takes tokens while a has done nothing, up to its half
        }
        assertThat(b.overShare()).as("b over its half: waits for a").isTrue();
        a.leave();
        assertThat(b.overShare()).as("alone in the flow now").isFalse();
    }

    @Test
    void flowIdsAreSeparateFlows() {
        Flows flows = new Flows();
        Flows.Member a = flows.join(new Flow(1, 1, Duration.ZERO));
        Flows.Member b = flows.join(new Flow(1, 2, Duration.ZERO));
        for (int i = 0; i < 50; i++) {
            assertThat(a.overShare()).isFalse();
        }
        assertThat(b.overShare()).isFalse();
    }
}
