package org.diolab.engine.explore;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.diolab.engine.ActorStatus;
import org.diolab.engine.SimState;
import org.diolab.engine.Simulator;
import org.diolab.engine.invariant.Invariant;
import org.diolab.engine.invariant.Violation;

/**
 * Shortest counterexamples after a reduced search. The reduced search finds every broken invariant, but its first
 * schedule may carry steps that do not matter (a reader pinning its page before the store that breaks the mirrors).
 * Two steps make it shortest again:
 * <ol>
 * <li>Project: keep only the steps the breach depends on (the last step, what it conflicts with, transitively, and for
 *     an invariant that may heal, every step that changes what it reads), replayed to check the projection still breaks
 *     the invariant, and cut at the first state that does.</li>
 * <li>Prove: search without reduction, breadth first, every schedule shorter than the projected one. The first breach
 *     found there is the shortest; if there is none, the projected schedule is. The bound keeps this search small:
 *     breaches come early in a run, the state explosion late.</li>
 * </ol>
 * If the bounded search stops (state budget, heap, cancel) before it has looked at every shorter schedule, the
 * counterexample is kept but marked as not proven shortest.
 */
final class Shortest {
    private Shortest() {}

    /** The counterexamples, each shortest (or marked), and how many states the proving search held. */
    record Outcome(List<Counterexample> violations, int states) {}

    static Outcome of(Simulator sim, PersistentSets sets, List<Counterexample> found, ExploreLimits limits) {
        List<Counterexample> projected = new ArrayList<>();
        Set<String> targets = new LinkedHashSet<>();
        int longest = 0;
        for (Counterexample c : found) {
            if (c.invariant().equals(Invariant.NO_DEADLOCK)) {
                projected.add(c); // reduction keeps every deadlock at its shortest depth
                continue;
            }
            Counterexample p = project(sim, sets, c);
            projected.add(p);
            if (!p.schedule().isEmpty()) {
                targets.add(p.invariant());
                longest = Math.max(longest, p.schedule().size());
            }
        }
        if (targets.isEmpty()) {
            return new Outcome(projected, 0);
        }
        SimulatorSpace space = new SimulatorSpace(sim);
        Search<SimState> bounded = new Search<>(space, limits, new SimStateStore(space), null, longest - 1, targets);
        Completion done = bounded.run();
        // every schedule up to this length has been looked at
        int checked = done == Completion.COMPLETE ? longest - 1 : bounded.graph.depth(bounded.states() - 1) - 1;
        List<Counterexample> out = new ArrayList<>();
        for (Counterexample p : projected) {
            Counterexample shorter = bounded.violations.get(p.invariant());
            if (shorter != null && shorter.schedule().size() < p.schedule().size()) {
                out.add(shorter);
            } else if (p.schedule().size() - 1 <= checked || !targets.contains(p.invariant())) {
                out.add(p);
            } else {
                out.add(p.unproven());
            }
        }
        // as without reduction: in the order found, which is by schedule length
        out.sort(java.util.Comparator.comparingInt(c -> c.schedule().size()));
        return new Outcome(out, bounded.states());
    }

    /** The steps of {@code c} its breach depends on, replayed; {@code c} itself if the projection does not hold. */
    static Counterexample project(Simulator sim, PersistentSets sets, Counterexample c) {
        List<String> schedule = c.schedule();
        int n = schedule.size();
        if (n <= 1) {
            return c;
        }
        List<String> actors = sim.actors();
        Footprint[] step = new Footprint[n];
        SimState s = sim.initial();
        for (int i = 0; i < n; i++) {
            int a = actors.indexOf(schedule.get(i));
            step[i] = sets.footprints().next(s, a);
            s = sim.step(s, schedule.get(i)).next();
        }
        boolean[] keep = new boolean[n];
        keep[n - 1] = true;
        Footprint watched = sets.invariantReads(c.invariant());
        for (int j = n - 2; j >= 0; j--) {
            keep[j] = step[j].changesAnyReadBy(watched) && !watched.isEmpty();
            for (int k = j + 1; k < n && !keep[j]; k++) {
                keep[j] = keep[k] && (schedule.get(j).equals(schedule.get(k)) || step[j].conflicts(step[k]));
            }
        }
        List<String> kept = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            if (keep[i]) {
                kept.add(schedule.get(i));
            }
        }
        Counterexample p = firstBreach(sim, kept, c.invariant());
        return p != null && p.schedule().size() <= n ? p : c;
    }

    /** Replays {@code schedule} up to the first state breaking {@code invariant}; null if it cannot or never does. */
    private static Counterexample firstBreach(Simulator sim, List<String> schedule, String invariant) {
        SimState s = sim.initial();
        for (int i = 0; i <= schedule.size(); i++) {
            for (Violation v : sim.violations(s)) {
                if (v.invariant().equals(invariant)) {
                    return new Counterexample(invariant, schedule.subList(0, i), v.detail());
                }
            }
            if (i == schedule.size() || !(sim.status(s, schedule.get(i)) instanceof ActorStatus.Ready)) {
                return null;
            }
            s = sim.step(s, schedule.get(i)).next();
        }
        return null;
    }
}
