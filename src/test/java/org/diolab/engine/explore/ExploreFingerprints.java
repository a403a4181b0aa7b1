package org.diolab.engine.explore;

import org.diolab.bench.FixtureLessons;
import org.diolab.bench.ScaleScenarios;
import org.diolab.engine.Simulator;
import org.diolab.engine.op.Policy;
import org.diolab.lesson.Lesson;
import org.diolab.lesson.LessonLoader;
import org.diolab.lesson.PolicyChoice;

/**
 * Prints everything the explorer answers (states, interleavings, completion, each violation with its schedule and
 * detail, each deadlock, the proving search's states) for every shipped lesson under every policy it offers, random
 * scenarios (also with a thread doubled), scale points and issue 24's fixture, with each reduction. A change meant to
 * make the explorer faster without changing what it finds leaves this output byte for byte the same: run it before
 * and after and diff. {@code [randomSeeds]} (default 200).
 */
public final class ExploreFingerprints {
    private static final ExploreLimits SMALL = ExploreLimits.maxStates(60_000);

    private ExploreFingerprints() {}

    public static void main(String[] args) {
        int seeds = args.length > 0 ? Integer.parseInt(args[0]) : 200;
        for (Lesson lesson : LessonLoader.loadBundled().lessons()) {
            for (PolicyChoice c : lesson.policies()) {
                print(lesson.id() + "." + c.policy().id(), new Simulator(lesson.scenario(), c.policy()), SMALL);
            }
        }
        for (long seed = 0; seed < seeds; seed++) {
            Policy p = RandomScenarios.policy(seed);
            print("random " + seed, new Simulator(RandomScenarios.of(seed), p), SMALL);
            print("twin " + seed, new Simulator(SymmetryAuditTest.doubled(RandomScenarios.of(seed)), p), SMALL);
        }
        for (int readers = 0; readers <= 3; readers++) {
            print(
                    "scale readers " + readers,
                    new Simulator(ScaleScenarios.raid1(readers, 2, 1, true), Policy.ZERO_COPY),
                    ExploreLimits.maxStates(200_000));
        }
        Simulator fixture = new Simulator(FixtureLessons.threeLegsDontcache().scenario(), Policy.DONTCACHE);
        System.out.println("three-legs " + describe(Explorer.explore(fixture, ExploreLimits.DEFAULT)));
    }

    private static void print(String name, Simulator sim, ExploreLimits limits) {
        for (Reduction r : Reduction.values()) {
            System.out.println(name + " " + r.id() + " " + describe(Explorer.explore(sim, limits, r)));
        }
    }

    private static String describe(ExploreResult r) {
        StringBuilder out = new StringBuilder();
        out.append(r.states())
                .append(' ')
                .append(r.interleavings().describe())
                .append(' ')
                .append(r.completion())
                .append(" proving=")
                .append(r.shortestStates());
        for (Counterexample c : r.violations()) {
            out.append("\n  ")
                    .append(c.invariant())
                    .append(' ')
                    .append(c.schedule())
                    .append(' ');
            out.append(c.shortest()).append(' ').append(c.detail());
        }
        for (DeadlockReport d : r.deadlocks()) {
            out.append("\n  deadlock ")
                    .append(d.cycle())
                    .append(' ')
                    .append(d.schedule())
                    .append(' ');
            out.append(d.detail());
        }
        return out.toString();
    }
}
