package org.diolab.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.Map;
import java.util.TreeMap;
import org.diolab.engine.Simulator;
import org.diolab.engine.explore.Counterexample;
import org.diolab.engine.explore.ExploreLimits;
import org.diolab.engine.explore.ExploreResult;
import org.diolab.engine.explore.Explorer;
import org.diolab.engine.explore.Reduction;
import org.diolab.lesson.Lesson;
import org.diolab.lesson.LessonLoader;
import org.diolab.lesson.PolicyChoice;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Prints, per lesson and policy, the states and time of an exhaustive exploration without and with partial-order
 * reduction, and checks that both find the same invariants with shortest schedules of the same lengths. Not part of
 * {@code mvn verify} (the name does not match Surefire's test patterns, and timings on a shared machine are noise, so
 * nothing here asserts them); run it with {@code bench/explore-all.sh}.
 *
 * <p>"first" is the first exploration of that lesson and policy in this JVM (the very first rows also pay for JIT
 * warm-up, as a CLI run does); "median" is the median of the next {@value #RUNS} runs, as the app sees it; the two
 * modes alternate, so load on the machine hits both alike. "+proof" is the states the search that proves the
 * reduced counterexamples shortest held; a negative length is one it could not prove.
 */
@Tag("bench")
class ExploreBenchmark {
    private static final int RUNS = 5;

    @Test
    void exploreEveryLessonUnderEveryPolicy() {
        System.out.printf(
                "%-31s %-24s %8s %8s %7s %9s %9s %9s %9s  %s%n",
                "lesson",
                "policy",
                "states",
                "reduced",
                "+proof",
                "first ms",
                "median",
                "red.first",
                "red.med",
                "violated (shortest length)");
        for (Lesson lesson : LessonLoader.loadBundled().lessons()) {
            for (PolicyChoice c : lesson.policies()) {
                Simulator sim = new Simulator(lesson.scenario(), c.policy());
                double[] t = new double[2];
                ExploreResult full = timed(sim, Reduction.NONE, t, 0);
                ExploreResult reduced = timed(sim, Reduction.PERSISTENT_SETS, t, 1);
                assertThat(lengths(reduced))
                        .as(lesson.id() + " " + c.policy().id())
                        .isEqualTo(lengths(full));
                double[][] ms = new double[2][RUNS];
                for (int i = 0; i < RUNS; i++) {
                    double[] run = new double[2];
                    assertThat(timed(sim, Reduction.NONE, run, 0)).isEqualTo(full);
                    assertThat(timed(sim, Reduction.PERSISTENT_SETS, run, 1)).isEqualTo(reduced);
                    ms[0][i] = run[0];
                    ms[1][i] = run[1];
                }
                Arrays.sort(ms[0]);
                Arrays.sort(ms[1]);
                System.out.printf(
                        "%-31s %-24s %,8d %,8d %,7d %9.1f %9.1f %9.1f %9.1f  %s%s%n",
                        lesson.id(),
                        c.policy().id(),
                        full.states(),
                        reduced.states(),
                        reduced.shortestStates(),
                        t[0],
                        ms[0][RUNS / 2],
                        t[1],
                        ms[1][RUNS / 2],
                        lengths(full).isEmpty() ? "-" : lengths(full),
                        full.complete() && reduced.complete() ? "" : "  (INCOMPLETE)");
            }
        }
    }

    /** Explores and stores the wall milliseconds in {@code ms[at]}. */
    private static ExploreResult timed(Simulator sim, Reduction r, double[] ms, int at) {
        long t0 = System.nanoTime();
        ExploreResult result = Explorer.explore(sim, ExploreLimits.DEFAULT, r);
        ms[at] = (System.nanoTime() - t0) / 1e6;
        return result;
    }

    private static Map<String, Integer> lengths(ExploreResult r) {
        Map<String, Integer> out = new TreeMap<>();
        for (Counterexample c : r.violations()) {
            out.put(
                    c.invariant(),
                    c.shortest() ? c.schedule().size() : -c.schedule().size());
        }
        return out;
    }
}
