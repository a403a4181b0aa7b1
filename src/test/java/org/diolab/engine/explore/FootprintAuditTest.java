package org.diolab.engine.explore;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import org.diolab.PropertySeeds;
import org.diolab.engine.ActorStatus;
import org.diolab.engine.SimState;
import org.diolab.engine.Simulator;
import org.diolab.engine.invariant.Invariant;
import org.diolab.engine.invariant.Violation;
import org.diolab.lesson.Lesson;
import org.diolab.lesson.LessonLoader;
import org.diolab.lesson.PolicyChoice;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * Checks the reduction's description of the engine (InstrFootprints, ActorFootprints, InvariantFootprints) against
 * what the engine does, in every reachable state of every lesson under every policy and of random scenarios:
 * <ul>
 * <li>every step writes only what its footprint says it writes;</li>
 * <li>two steps whose footprints do not conflict commute (same state either way, up to the order of the logs), and a
 *     step whose footprint does not touch what another actor waits on neither wakes nor blocks it;</li>
 * <li>an actor's next step is part of its future, and futures only shrink;</li>
 * <li>a step that touches nothing a healing invariant reads changes none of their verdicts, and a sticky invariant
 *     once broken stays broken;</li>
 * <li>every invariant's fast {@code brokenIn} agrees with its full {@code check} (the explorer asks only the first).</li>
 * </ul>
 * A failure here means a step's semantics changed (or a step was added) without its footprint: fix InstrFootprints.
 */
class FootprintAuditTest {
    private static final int MAX_STATES = 20_000;
    /** States audited per scenario and policy: all of them in small spaces, an even sample across depths in big ones. */
    private static final int AUDITED = 400;

    /** Every invariant that may hold again after breaking: what the reduction's visibility rule must watch. */
    private static final List<String> HEALING = Invariant.all().stream()
            .map(Invariant::id)
            .filter(id -> !InvariantFootprints.STICKY.contains(id))
            .toList();

    @Test
    void theStickyInvariantsAreInvariantsAndTheOthersMayHeal() {
        List<String> ids = Invariant.all().stream().map(Invariant::id).toList();

        assertThat(ids).as("InvariantFootprints.STICKY names invariants").containsAll(InvariantFootprints.STICKY);
        // a new invariant fails here until it is placed: sticky (STICKY), or healing with what it reads described in
        // InvariantFootprints.reads
        assertThat(HEALING)
                .containsExactly(
                        "mirrors-agree", "checksum-matches", "parity-matches-data", "bitmap-clean-means-in-sync");
    }

    @TestFactory
    List<DynamicTest> everyLessonsStepsDoWhatTheirFootprintsSay() {
        List<DynamicTest> tests = new ArrayList<>();
        for (Lesson lesson : LessonLoader.loadBundled().lessons()) {
            for (PolicyChoice c : lesson.policies()) {
                tests.add(DynamicTest.dynamicTest(
                        lesson.id() + "." + c.policy().id(),
                        () -> audit(new Simulator(lesson.scenario(), c.policy()))));
            }
        }
        return tests;
    }

    // Fixed seed (PropertySeeds): the same 60 random scenarios each build; -Djqwik.seeds=random searches for more.
    @Property(tries = 60, seed = PropertySeeds.CI)
    void randomScenariosStepsDoWhatTheirFootprintsSay(@ForAll long seed) {
        audit(new Simulator(RandomScenarios.of(seed), RandomScenarios.policy(seed)));
    }

    static void audit(Simulator sim) {
        PersistentSets sets = new PersistentSets(sim);
        ActorFootprints fp = sets.footprints();
        Resources res = sets.resources();
        List<String> actors = sim.actors();
        SimulatorSpace space = new SimulatorSpace(sim);
        SimStateStore store = new SimStateStore(space);
        store.addIfAbsent(sim.initial());
        for (int id = 0; id < store.size() && store.size() < MAX_STATES; id++) {
            SimState s = store.get(id);
            for (String a : actors) {
                if (sim.status(s, a) instanceof ActorStatus.Ready) {
                    store.addIfAbsent(sim.step(s, a).next());
                }
            }
        }
        int stride = Math.max(1, store.size() / AUDITED);
        for (int id = 0; id < store.size(); id += stride) {
            SimState s = store.get(id);
            for (Invariant inv : Invariant.all()) {
                assertThat(inv.brokenIn(s.world()))
                        .as(
                                "%s under %s, state %d: %s's brokenIn agrees with its check",
                                sim.scenario().name(), sim.policy().id(), id, inv.id())
                        .isEqualTo(!inv.check(s.world()).isEmpty());
            }
            List<ActorStatus> status =
                    actors.stream().map(a -> sim.status(s, a)).toList();
            List<Footprint> futures = new ArrayList<>();
            for (int u = 0; u < actors.size(); u++) {
                futures.add(union(fp.future(s, u)));
            }
            for (int a = 0; a < actors.size(); a++) {
                if (!(status.get(a) instanceof ActorStatus.Ready ready)) {
                    continue;
                }
                String what = sim.scenario().name() + " under " + sim.policy().id() + ", state " + id + ": "
                        + actors.get(a) + "." + ready.label();
                SimState t = sim.step(s, actors.get(a)).next();
                Footprint next = fp.next(s, a);
                WorldDiff.Changes changes = WorldDiff.of(s.world(), t.world());
                for (String w : changes.written()) {
                    assertThat(next.writes(res.id(w)))
                            .as("%s writes %s, undeclared", what, w)
                            .isTrue();
                }
                for (String w : changes.added()) {
                    assertThat(next.writes(res.id(w)) || next.adds(res.id(w)))
                            .as("%s adds to %s, undeclared", what, w)
                            .isTrue();
                }
                assertThat(own(fp.future(s, a), a).covers(next))
                        .as("%s is in its actor's future", what)
                        .isTrue();
                for (int u = 0; u < actors.size(); u++) {
                    assertThat(futures.get(u).covers(union(fp.future(t, u))))
                            .as("%s: %s's future only shrinks", what, actors.get(u))
                            .isTrue();
                }
                checkInvariants(sim, sets, s, t, next, what);
                for (int b = 0; b < actors.size(); b++) {
                    if (b != a) {
                        checkIndependence(sim, fp, s, t, a, b, status, next, what);
                    }
                }
            }
        }
    }

    private static void checkIndependence(
            Simulator sim,
            ActorFootprints fp,
            SimState s,
            SimState t,
            int a,
            int b,
            List<ActorStatus> status,
            Footprint next,
            String what) {
        List<String> actors = sim.actors();
        boolean readyB = status.get(b) instanceof ActorStatus.Ready;
        Footprint other = readyB ? fp.next(s, b) : fp.guard(s, b);
        boolean independent = readyB ? !next.conflicts(other) : !next.changesAnyReadBy(other);
        if (!independent) {
            return;
        }
        String pair = what + " vs " + actors.get(b);
        assertThat(describe(sim.status(t, actors.get(b))))
                .as("%s: %s's status is untouched", pair, actors.get(b))
                .isEqualTo(describe(status.get(b)));
        if (readyB) {
            SimState ab = sim.step(t, actors.get(b)).next();
            SimState sb = sim.step(s, actors.get(b)).next();
            assertThat(describe(sim.status(sb, actors.get(a))))
                    .as("%s: not disabled by the other", pair)
                    .isEqualTo(describe(status.get(a)));
            SimState ba = sim.step(sb, actors.get(a)).next();
            assertThat(WorldDiff.unordered(ab.world()))
                    .as("%s commute", pair)
                    .isEqualTo(WorldDiff.unordered(ba.world()));
            assertThat(ab.pcs()).as("%s commute", pair).isEqualTo(ba.pcs());
        }
    }

    private static void checkInvariants(
            Simulator sim, PersistentSets sets, SimState s, SimState t, Footprint next, String what) {
        Set<String> before = violated(sim, s);
        Set<String> after = violated(sim, t);
        for (String sticky : InvariantFootprints.STICKY) {
            if (before.contains(sticky)) {
                assertThat(after).as("%s: %s stays broken", what, sticky).contains(sticky);
            }
        }
        if (!next.changesAnyReadBy(sets.healing())) {
            for (String inv : HEALING) {
                assertThat(after.contains(inv))
                        .as("%s is invisible to %s", what, inv)
                        .isEqualTo(before.contains(inv));
            }
        }
    }

    private static Set<String> violated(Simulator sim, SimState s) {
        Set<String> out = new TreeSet<>();
        sim.violations(s).stream().map(Violation::invariant).forEach(out::add);
        return out;
    }

    private static String describe(ActorStatus st) {
        return switch (st) {
            case ActorStatus.Ready r -> "ready " + r.label();
            case ActorStatus.Blocked b -> "blocked " + b.label();
            case ActorStatus.Idle i -> "idle";
        };
    }

    private static Footprint own(List<ActorFootprints.Part> parts, int actor) {
        Footprint f = Footprint.NONE;
        for (ActorFootprints.Part p : parts) {
            if (p.actor() == actor) {
                f = f.union(p.footprint());
            }
        }
        return f;
    }

    private static Footprint union(List<ActorFootprints.Part> parts) {
        Footprint f = Footprint.NONE;
        for (ActorFootprints.Part p : parts) {
            f = f.union(p.footprint());
        }
        return f;
    }
}
