package org.diolab.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import org.diolab.engine.Simulator;
import org.diolab.engine.explore.ExploreResult;
import org.diolab.engine.explore.Explorer;
import org.diolab.lesson.Lesson;
import org.diolab.lesson.LessonLoader;
import org.diolab.lesson.PolicyChoice;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Prints states, interleavings and time of an exhaustive exploration per lesson and policy. Not part of
 * {@code mvn verify} (the name does not match Surefire's test patterns, and timings on a shared machine are noise, so
 * nothing here asserts them); run it with {@code bench/explore-all.sh}.
 *
 * <p>"first" is the first exploration of that lesson and policy in this JVM (the very first row also pays for JIT
 * warm-up, as a CLI run does); "median" is the median of the next {@value #RUNS} runs, as the app sees it.
 */
@Tag("bench")
class ExploreBenchmark {
    private static final int RUNS = 5;

    @Test
    void exploreEveryLessonUnderEveryPolicy() {
        System.out.printf("%-28s %-12s %10s %22s %8s %9s  %s%n", "lesson", "policy", "states", "interleavings",
                "first ms", "median ms", "violated");
        for (Lesson lesson : LessonLoader.loadBundled().lessons()) {
            for (PolicyChoice c : lesson.policies()) {
                Simulator sim = new Simulator(lesson.scenario(), c.policy());
                long t0 = System.nanoTime();
                ExploreResult r = Explorer.explore(sim);
                double first = (System.nanoTime() - t0) / 1e6;
                double[] ms = new double[RUNS];
                for (int i = 0; i < RUNS; i++) {
                    long t = System.nanoTime();
                    assertThat(Explorer.explore(sim)).isEqualTo(r);
                    ms[i] = (System.nanoTime() - t) / 1e6;
                }
                Arrays.sort(ms);
                System.out.printf("%-28s %-12s %,10d %22s %8.1f %9.1f  %s%s%n", lesson.id(), c.policy().id(),
                        r.states(), r.interleavings().describe(), first, ms[RUNS / 2],
                        r.violated().isEmpty() ? "-" : String.join(", ", r.violated()),
                        r.complete() ? "" : "  (" + r.completion() + ")");
            }
        }
    }
}
