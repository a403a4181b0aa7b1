package org.diolab.engine.explore;

import org.diolab.engine.Simulator;
import org.diolab.lesson.Lesson;
import org.diolab.lesson.LessonLoader;
import org.diolab.lesson.PolicyChoice;

/** Development aid: reduced vs full on every lesson. */
public final class ReductionCompare {
    public static void main(String[] args) {
        for (Lesson l : LessonLoader.loadBundled().lessons()) {
            for (PolicyChoice c : l.policies()) {
                Simulator sim = new Simulator(l.scenario(), c.policy());
                long t0 = System.nanoTime();
                ExploreResult full = Explorer.explore(sim, ExploreLimits.DEFAULT, Reduction.NONE);
                long t1 = System.nanoTime();
                ExploreResult red = Explorer.explore(sim, ExploreLimits.DEFAULT, Reduction.PERSISTENT_SETS);
                long t2 = System.nanoTime();
                String same = full.violated().equals(red.violated()) ? "" : " VIOLATED DIFFER " + full.violated() + " vs " + red.violated();
                for (Counterexample f : full.violations()) {
                    Counterexample r = red.violation(f.invariant()).orElse(null);
                    if (r == null || r.schedule().size() != f.schedule().size() || !r.shortest()) {
                        same += " LEN " + f.invariant() + " " + f.schedule().size() + " vs " + (r == null ? "-" : r.schedule().size() + (r.shortest() ? "" : "?"));
                    }
                }
                if (!full.deadlocks().stream().map(DeadlockReport::cycle).toList().equals(red.deadlocks().stream().map(DeadlockReport::cycle).toList())) {
                    same += " DEADLOCKS DIFFER";
                }
                System.out.printf("%-32s %-24s full %6d %6.0fms  reduced %5d (+%d) %6.0fms %s%n", l.id(), c.policy().id(), full.states(), (t1 - t0) / 1e6, red.states(), red.shortestStates(), (t2 - t1) / 1e6, same);
            }
        }
    }
}
