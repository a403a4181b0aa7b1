package org.diolab.engine.explore;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.diolab.engine.EventKind;
import org.diolab.engine.Simulator;
import org.diolab.engine.Trace;
import org.diolab.lesson.Expectation;
import org.diolab.lesson.Lesson;
import org.diolab.lesson.LessonLoader;
import org.diolab.lesson.PolicyChoice;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/** Explores every shipped lesson under every policy it offers. */
class BundledLessonsExploreTest {
    @TestFactory
    List<DynamicTest> everyLessonIsExploredCompletelyAndEveryCounterexampleReplays() {
        List<DynamicTest> tests = new ArrayList<>();
        for (Lesson lesson : LessonLoader.loadBundled().lessons()) {
            for (PolicyChoice c : lesson.policies()) {
                tests.add(DynamicTest.dynamicTest(lesson.id() + "." + c.policy().id(), () -> check(lesson, c)));
            }
        }
        assertThat(tests).isNotEmpty();
        return tests;
    }

    private static void check(Lesson lesson, PolicyChoice c) {
        Simulator sim = new Simulator(lesson.scenario(), c.policy());
        ExploreResult r = Explorer.explore(sim);

        assertThat(r.complete()).as("explored within the default budget").isTrue();
        // The lesson's script is one interleaving, so whatever it breaks the explorer must find.
        assertThat(r.violated())
                .containsAll(lesson.expect()
                        .getOrDefault(c.policy(), new Expectation(Set.of()))
                        .violated());
        for (Counterexample ce : r.violations()) {
            Trace t = Replay.trace(sim, ce.schedule(), lesson.narration());
            assertThat(t.last().violates(ce.invariant()))
                    .as("%s breaks at the last step", ce)
                    .isTrue();
            assertThat(t.snapshots().subList(0, t.size() - 1))
                    .as("%s is the shortest", ce)
                    .noneMatch(s -> s.violates(ce.invariant()));
            if (ce.invariant().equals("no-deadlock")) {
                assertThat(t.last().event().kind()).isEqualTo(EventKind.DEADLOCK);
            }
        }
    }
}
