package org.diolab.engine.explore;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import org.diolab.engine.EventKind;
import org.diolab.engine.Scenario;
import org.diolab.engine.Simulator;
import org.diolab.engine.Trace;
import org.diolab.engine.op.Policy;
import org.diolab.lesson.Lesson;
import org.diolab.lesson.LessonLoader;
import org.diolab.lesson.PolicyChoice;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * The partial-order reduction changes how many states are searched, never what is found: with and without it, the
 * same invariants break, with shortest schedules of the same length, and the same deadlocks (wait-for cycles) are
 * reached as quickly. On every shipped lesson under every policy it offers, and on random scenarios over every kind
 * of operation and every policy (also with a thread doubled, so that symmetry has twins to merge).
 */
class ReductionEquivalenceTest {
    private static final ExploreLimits SMALL = ExploreLimits.maxStates(60_000);

    @TestFactory
    List<DynamicTest> everyLessonUnderEveryPolicyFindsTheSameWithAndWithoutReduction() {
        List<DynamicTest> tests = new ArrayList<>();
        for (Lesson lesson : LessonLoader.loadBundled().lessons()) {
            for (PolicyChoice c : lesson.policies()) {
                tests.add(DynamicTest.dynamicTest(
                        lesson.id() + "." + c.policy().id(),
                        () -> assertSameFindings(new Simulator(lesson.scenario(), c.policy()))));
            }
        }
        return tests;
    }

    @Property(tries = 300)
    void randomScenariosFindTheSameWithAndWithoutReduction(@ForAll long seed) {
        Scenario scenario = RandomScenarios.of(seed);
        Policy policy = RandomScenarios.policy(seed);
        assertSameFindings(new Simulator(scenario, policy));
    }

    /** Scenarios with interchangeable threads, where symmetry merges states: the same findings still. */
    @Property(tries = 150)
    void randomScenariosWithATwinFindTheSameWithAndWithoutReduction(@ForAll long seed) {
        Scenario scenario = SymmetryAuditTest.doubled(RandomScenarios.of(seed));
        assertSameFindings(new Simulator(scenario, RandomScenarios.policy(seed)));
    }

    static void assertSameFindings(Simulator sim) {
        ExploreResult full = Explorer.explore(sim, SMALL, Reduction.NONE);
        if (!full.complete()) {
            return; // too big to compare here; the lessons and most random scenarios are not
        }
        assertSameFindings(sim, full, Reduction.PERSISTENT_SETS);
        assertSameFindings(sim, full, Reduction.PERSISTENT_SETS_AND_SYMMETRY);
    }

    static void assertSameFindings(Simulator sim, ExploreResult full, Reduction reduction) {
        ExploreResult reduced = Explorer.explore(sim, SMALL, reduction);
        String what = sim.scenario().name() + " under " + sim.policy().id() + " with " + reduction.id();

        assertThat(reduced.complete()).as(what).isTrue();
        assertThat(reduced.states()).as(what).isLessThanOrEqualTo(full.states());
        assertThat(reduced.violated()).as(what).isEqualTo(full.violated());
        assertThat(lengths(reduced)).as(what + ": shortest schedule lengths").isEqualTo(lengths(full));
        assertThat(reduced.violations()).as(what).allMatch(Counterexample::shortest);
        assertThat(reduced.deadlocks().stream()
                        .map(d -> d.cycle() + " in " + d.schedule().size())
                        .sorted()
                        .toList())
                .as(what + ": deadlocks")
                .isEqualTo(full.deadlocks().stream()
                        .map(d -> d.cycle() + " in " + d.schedule().size())
                        .sorted()
                        .toList());
        for (Counterexample c : reduced.violations()) {
            Trace t = Replay.trace(sim, c.schedule());
            assertThat(c.detail())
                    .as("%s: the detail is the schedule's own", what)
                    .isEqualTo(detailAtEnd(sim, c));
            assertThat(t.last().violates(c.invariant()))
                    .as("%s: %s breaks at its end", what, c)
                    .isTrue();
            assertThat(t.snapshots().subList(0, t.size() - 1))
                    .as("%s: %s breaks only at its end", what, c)
                    .noneMatch(s -> s.violates(c.invariant()));
            if (c.invariant().equals("no-deadlock")) {
                assertThat(t.last().event().kind()).isEqualTo(EventKind.DEADLOCK);
            }
        }
    }

    /** What the invariant says at the end of the counterexample's own schedule. */
    private static String detailAtEnd(Simulator sim, Counterexample c) {
        Trace t = Replay.trace(sim, c.schedule());
        if (c.invariant().equals("no-deadlock")) {
            return WaitForGraph.of(new SimulatorSpace(sim), t.last().state()).describe();
        }
        return sim.violations(t.last().state()).stream()
                .filter(v -> v.invariant().equals(c.invariant()))
                .map(v -> v.detail())
                .findFirst()
                .orElseThrow();
    }

    private static Map<String, Integer> lengths(ExploreResult r) {
        Map<String, Integer> out = new TreeMap<>();
        r.violations().forEach(c -> out.put(c.invariant(), c.schedule().size()));
        return out;
    }
}
