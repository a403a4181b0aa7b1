package org.diolab.engine.explore;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigInteger;
import java.util.List;
import org.diolab.engine.ActorStatus;
import org.diolab.engine.invariant.Violation;
import org.junit.jupiter.api.Test;

/** Deadlocks on {@link LockSpace}, a hand-built system, since today's storage model never blocks in a cycle. */
class DeadlockExplorerTest {
    private static final String AB = "lock A, lock B, unlock B, unlock A";
    private static final String BA = "lock B, lock A, unlock A, unlock B";

    @Test
    void lockingABAgainstBAFindsTheCycleWithTheShortestSchedule() {
        ExploreResult r = Explorer.explore(LockSpace.of("t1", AB, "t2", BA), ExploreLimits.DEFAULT);

        assertThat(r.violated()).containsExactly("no-deadlock");
        Counterexample c = r.violation("no-deadlock").orElseThrow();
        assertThat(c.schedule()).containsExactly("t1", "t2");
        assertThat(c.detail())
                .isEqualTo("wait-for cycle t1 → t2 → t1: t1 waits for lock B held by t2; "
                        + "t2 waits for lock A held by t1");
        assertThat(r.deadlocks()).singleElement().satisfies(d -> {
            assertThat(d.cycle()).containsExactly("t1", "t2");
            assertThat(d.schedule()).isEqualTo(c.schedule());
        });
    }

    @Test
    void takingTheLocksInTheSameOrderCannotDeadlock() {
        ExploreResult r = Explorer.explore(LockSpace.of("t1", AB, "t2", AB), ExploreLimits.DEFAULT);

        assertThat(r.complete()).isTrue();
        assertThat(r.violations()).isEmpty();
        assertThat(r.deadlocks()).isEmpty();
        // Mutual exclusion leaves two runs: t1's whole critical section first, or t2's.
        assertThat(r.interleavings().value()).isEqualTo(BigInteger.TWO);
    }

    @Test
    void threeThreadsInARingDeadlockInThreeSteps() {
        ExploreResult r = Explorer.explore(
                LockSpace.of(
                        "t1", "lock A, lock B, unlock B, unlock A",
                        "t2", "lock B, lock C, unlock C, unlock B",
                        "t3", "lock C, lock A, unlock A, unlock C"),
                ExploreLimits.DEFAULT);

        assertThat(r.violation("no-deadlock").orElseThrow().schedule()).containsExactly("t1", "t2", "t3");
        assertThat(r.deadlocks()).extracting(DeadlockReport::cycle).containsExactly(List.of("t1", "t2", "t3"));
    }

    @Test
    void aLockNeverReleasedStrandsItsWaiterWithoutACycle() {
        ExploreResult r = Explorer.explore(LockSpace.of("t1", "lock A", "t2", "lock A"), ExploreLimits.DEFAULT);

        assertThat(r.deadlocks())
                .hasSize(2)
                .allSatisfy(d -> assertThat(d.cycle()).isEmpty());
        assertThat(r.violation("no-deadlock").orElseThrow().detail())
                .isEqualTo("no actor can run, though no cycle: t2 waits for lock A held by t1");
    }

    @Test
    void deadlockedRunsCountAsCompleteInterleavingsAndMatchANaiveCount() {
        LockSpace space = LockSpace.of("t1", AB, "t2", BA);
        Naive<LockSpace.State> naive = Naive.enumerate(space, Integer.MAX_VALUE);

        ExploreResult r = Explorer.explore(space, ExploreLimits.DEFAULT);

        assertThat(r.states()).isEqualTo(naive.states.size());
        assertThat(r.interleavings().value()).isEqualTo(BigInteger.valueOf(naive.maximalPaths));
        assertThat(naive.deadlocking).contains(List.of("t1", "t2"), List.of("t2", "t1"));
    }

    @Test
    void aStepBackToAnEarlierStateMakesTheCountUnboundedInsteadOfLooping() {
        ExploreResult r = Explorer.explore(new Spin(), ExploreLimits.DEFAULT);

        assertThat(r.complete()).isTrue();
        assertThat(r.states()).isEqualTo(3);
        assertThat(r.interleavings().kind()).isEqualTo(PathCount.Kind.UNBOUNDED);
        // Only the run "stop" ends; "flip" can go on forever.
        assertThat(r.interleavings().value()).isEqualTo(BigInteger.ONE);
    }

    /** One actor that can flip a bit back and forth or stop: state graph 0 ⇄ 1, 0 → stopped. */
    private record Spin() implements StateSpace<Integer> {
        @Override
        public Integer initial() {
            return 0;
        }

        @Override
        public List<String> actors() {
            return List.of("flip", "stop");
        }

        @Override
        public ActorStatus status(Integer s, String actor) {
            if (s == 2 || (actor.equals("stop") && s != 0)) {
                return new ActorStatus.Idle();
            }
            return new ActorStatus.Ready(actor);
        }

        @Override
        public Integer step(Integer s, String actor) {
            return actor.equals("stop") ? 2 : 1 - s;
        }

        @Override
        public List<Violation> violations(Integer s) {
            return List.of();
        }
    }
}
