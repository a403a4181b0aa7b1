package org.diolab.engine.explore;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.SequencedMap;
import org.diolab.engine.ActorStatus;
import org.junit.jupiter.api.Test;

class WaitForGraphTest {
    /** {@code graph("a", "b,c", "b", "a")}: a waits for b and c, b waits for a. */
    private static WaitForGraph graph(String... actorAndWaitsFor) {
        SequencedMap<String, ActorStatus.Blocked> m = new LinkedHashMap<>();
        for (int i = 0; i < actorAndWaitsFor.length; i += 2) {
            List<String> on = List.of(actorAndWaitsFor[i + 1].split(","));
            m.put(actorAndWaitsFor[i], new ActorStatus.Blocked("x", "waits for " + on, on));
        }
        return new WaitForGraph(m);
    }

    @Test
    void aCycleThroughADeviceIsFoundAndStartsAtTheEarliestActor() {
        // T1 waits for leg0 (its DMA), leg0 waits for T2 (say a lock in the model), T2 waits for T1.
        WaitForGraph g = graph("T1", "leg0", "T2", "T1", "leg0", "T2");

        assertThat(g.cycle()).containsExactly("T1", "leg0", "T2");
        assertThat(g.describe()).startsWith("wait-for cycle T1 → leg0 → T2 → T1: T1 waits for [leg0]; ");
    }

    @Test
    void theCycleIsFoundBehindABranchThatLeadsNowhere() {
        WaitForGraph g = graph("a", "idle,b", "b", "c", "c", "b");

        assertThat(g.cycle()).containsExactly("b", "c");
    }

    @Test
    void anActorWaitingForItselfIsACycleOfOne() {
        assertThat(graph("a", "a").cycle()).containsExactly("a");
    }

    @Test
    void waitsThatEndAtSomeoneNotWaitingAreNoCycle() {
        WaitForGraph g = graph("a", "b", "b", "leg0");

        assertThat(g.cycle()).isEmpty();
        assertThat(g.describe()).isEqualTo("no actor can run, though no cycle: a waits for [b]; b waits for [leg0]");
    }
}
