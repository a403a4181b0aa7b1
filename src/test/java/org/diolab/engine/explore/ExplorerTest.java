package org.diolab.engine.explore;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigInteger;
import java.util.List;
import org.diolab.engine.Scenario;
import org.diolab.engine.SimState;
import org.diolab.engine.Simulator;
import org.diolab.engine.Trace;
import org.diolab.engine.op.Policy;
import org.diolab.lesson.Lesson;
import org.junit.jupiter.api.Test;

class ExplorerTest {
    private final Lesson lesson = TestScenarios.raid1Lesson();
    private final Simulator zeroCopy = new Simulator(lesson.scenario(), Policy.ZERO_COPY);

    @Test
    void zeroCopyBreaksMirrorsAgreeWithAStoreBetweenTheTwoDmas() {
        ExploreResult r = Explorer.explore(zeroCopy);

        assertThat(r.complete()).isTrue();
        assertThat(r.violated()).containsExactly("mirrors-agree");
        Counterexample c = r.violation("mirrors-agree").orElseThrow();
        assertThat(c.schedule()).containsExactly("app", "app", "app", "leg0", "app2", "leg1");
        assertThat(c.detail()).isEqualTo("block 0: leg0 holds 'AAAA', leg1 holds 'BBBB'");
        assertThat(r.deadlocks()).isEmpty();
    }

    @Test
    void noScheduleShorterThanTheReportedOneBreaksAnyInvariant() {
        int shortest = Explorer.explore(zeroCopy)
                .violation("mirrors-agree")
                .orElseThrow()
                .schedule()
                .size();

        Naive<SimState> shorter = Naive.enumerate(new SimulatorSpace(zeroCopy), shortest - 1);
        Naive<SimState> asLong = Naive.enumerate(new SimulatorSpace(zeroCopy), shortest);

        assertThat(shorter.violating).isEmpty();
        assertThat(asLong.violating).isNotEmpty().allSatisfy(s -> assertThat(s).hasSize(shortest));
    }

    @Test
    void bounceProvesTheMirrorsAgreeInEveryInterleaving() {
        ExploreResult r = Explorer.explore(
                new Simulator(lesson.scenario(), Policy.BOUNCE), ExploreLimits.DEFAULT, Reduction.NONE);

        assertThat(r.completion()).isEqualTo(Completion.COMPLETE);
        assertThat(r.violations()).isEmpty();
        assertThat(r.deadlocks()).isEmpty();
        assertThat(r.interleavings().exact()).isTrue();
        assertThat(r.interleavings().value()).isGreaterThan(BigInteger.valueOf(r.states()));
    }

    @Test
    void withReductionFewerStatesAreSearchedAndTheInterleavingsAreALowerBound() {
        Simulator bounce = new Simulator(lesson.scenario(), Policy.BOUNCE);
        ExploreResult full = Explorer.explore(bounce, ExploreLimits.DEFAULT, Reduction.NONE);

        ExploreResult reduced = Explorer.explore(bounce);
        ExploreResult persistentOnly = Explorer.explore(bounce, ExploreLimits.DEFAULT, Reduction.PERSISTENT_SETS);

        assertThat(reduced.reduction()).isEqualTo(Reduction.PERSISTENT_SETS_AND_SYMMETRY);
        assertThat(reduced.states()).as("the two readers are interchangeable").isLessThan(persistentOnly.states());
        assertThat(reduced.complete()).isTrue();
        assertThat(reduced.violations()).isEmpty();
        assertThat(reduced.states()).isLessThan(full.states() / 4);
        assertThat(reduced.interleavings().kind()).isEqualTo(PathCount.Kind.AT_LEAST);
        assertThat(reduced.interleavings().value())
                .isPositive()
                .isLessThan(full.interleavings().value());
    }

    @Test
    void exploringTwiceGivesTheSameCountsAndSchedules() {
        ExploreResult a = Explorer.explore(zeroCopy);
        ExploreResult b = Explorer.explore(new Simulator(lesson.scenario(), Policy.ZERO_COPY));

        assertThat(b).isEqualTo(a);
        assertThat(a.states()).isPositive();
    }

    @Test
    void statesAndInterleavingsMatchANaiveEnumerationOfEverySchedule() {
        for (boolean nodatasum : List.of(true, false)) {
            Scenario scenario = TestScenarios.writeWithStore(nodatasum);
            for (Policy p : Policy.values()) {
                SimulatorSpace space = new SimulatorSpace(new Simulator(scenario, p));
                Naive<SimState> naive = Naive.enumerate(space, Integer.MAX_VALUE);

                ExploreResult r = Explorer.explore(space, ExploreLimits.DEFAULT);

                assertThat(r.states()).as("%s under %s", scenario.name(), p).isEqualTo(naive.states.size());
                assertThat(r.interleavings())
                        .isEqualTo(new PathCount(BigInteger.valueOf(naive.maximalPaths), PathCount.Kind.EXACT));
            }
        }
    }

    @Test
    void eachInvariantsScheduleIsTheShortestThatBreaksIt() {
        Simulator sim = new Simulator(TestScenarios.writeWithStore(false), Policy.ZERO_COPY);
        ExploreResult r = Explorer.explore(sim);
        Naive<SimState> naive = Naive.enumerate(new SimulatorSpace(sim), Integer.MAX_VALUE);

        assertThat(r.violated()).containsExactly("checksum-matches", "mirrors-agree");
        for (Counterexample c : r.violations()) {
            int shortest = naive.violating.stream()
                    .filter(s -> Replay.trace(sim, s).last().violates(c.invariant()))
                    .mapToInt(List::size)
                    .min()
                    .orElseThrow();
            assertThat(c.schedule()).as(c.invariant()).hasSize(shortest);
        }
    }

    @Test
    void aCounterexampleReplaysIntoATraceThatBreaksTheInvariantAtItsLastStep() {
        Counterexample c = Explorer.explore(zeroCopy).violation("mirrors-agree").orElseThrow();

        Trace t = Replay.trace(zeroCopy, c.schedule(), lesson.narration());

        assertThat(t.size()).isEqualTo(c.schedule().size() + 1);
        assertThat(t.last().violates("mirrors-agree")).isTrue();
        assertThat(t.firstViolationIndex()).isEqualTo(t.size() - 1);
        assertThat(t.last().narration().text()).contains("leg1 holds 'BBBB'");
    }

    @Test
    void theStateBudgetStopsTheSearchAndTheCountBecomesALowerBound() {
        ExploreResult r = Explorer.explore(zeroCopy, ExploreLimits.maxStates(50));

        assertThat(r.exceeded()).isTrue();
        assertThat(r.complete()).isFalse();
        assertThat(r.states()).isBetween(50, 50 + zeroCopy.actors().size());
        assertThat(r.interleavings().kind()).isEqualTo(PathCount.Kind.AT_LEAST);
        assertThat(r.interleavings().describe()).startsWith("≥ ");
    }

    @Test
    void aMemoryGaugeThatSaysTheHeapIsFullStopsTheSearchAsExceeded() {
        for (Reduction reduction : Reduction.values()) {
            ExploreResult r =
                    Explorer.explore(zeroCopy, ExploreLimits.DEFAULT.withMemoryGauge(states -> true), reduction);

            assertThat(r.completion()).isEqualTo(Completion.MEMORY_BUDGET);
            assertThat(r.exceeded()).isTrue();
            assertThat(r.complete()).isFalse();
            assertThat(r.states()).isEqualTo(1); // the gauge is read before the first state is expanded
            assertThat(r.interleavings().exact()).isFalse();
        }
    }

    @Test
    void aCancelledSearchStopsAndSaysSo() {
        ExploreResult r = Explorer.explore(zeroCopy, new ExploreLimits(1_000, () -> true));

        assertThat(r.completion()).isEqualTo(Completion.CANCELLED);
        assertThat(r.states()).isLessThan(Explorer.explore(zeroCopy).states());
    }
}
