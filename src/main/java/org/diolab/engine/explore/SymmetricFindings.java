package org.diolab.engine.explore;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.SequencedMap;
import java.util.Set;
import org.diolab.engine.SimState;
import org.diolab.engine.Simulator;
import org.diolab.engine.invariant.Invariant;
import org.diolab.engine.invariant.Violation;

/**
 * What a search over symmetry families found, told as the scenario names things. The schedules are already real
 * (the store translates them), but a detail was written in the state the store kept, where units may be renamed:
 * each is written again from the schedule's own end state. And a deadlock stands for its whole family: the search
 * kept one of three readers deadlocking with the writer, the scenario has three such cycles, each reached as
 * quickly, so each twin is reported too (swapping units in the schedule reaches it), as a search without symmetry
 * reports them.
 */
final class SymmetricFindings {
    /** Twins looked at per deadlock: a family of k! is reported whole up to this many. */
    private static final int MAX_TWINS = 5_000;

    private final Simulator sim;
    private final SimulatorSpace space;
    private final Symmetry symmetry;

    SymmetricFindings(Simulator sim, Symmetry symmetry) {
        this.sim = sim;
        this.space = new SimulatorSpace(sim);
        this.symmetry = symmetry;
    }

    List<Counterexample> violations(List<Counterexample> found) {
        List<Counterexample> out = new ArrayList<>();
        for (Counterexample found1 : found) {
            Counterexample c = leastTwin(found1);
            SimState end = end(c.schedule());
            String detail = c.detail();
            if (c.invariant().equals(Invariant.NO_DEADLOCK)) {
                detail = WaitForGraph.of(space, end).describe();
            } else {
                // the first, as the search writes it: an invariant broken on two legs names the first
                List<Violation> broken = sim.violations(end, id -> id.equals(c.invariant()));
                if (!broken.isEmpty()) {
                    detail = broken.getFirst().detail();
                }
            }
            out.add(new Counterexample(c.invariant(), c.schedule(), detail, c.shortest()));
        }
        return out;
    }

    /**
     * Of the schedule's twins that break the same invariant (all do, the symmetry says; each is checked), the least
     * by actor names: which twin a search reaches first depends on how states are stored, but the one reported must
     * not, and the least reads as the lesson does (leg0's DMA before leg1's, r1 before r2).
     */
    private Counterexample leastTwin(Counterexample c) {
        List<String> best = c.schedule();
        for (List<String> twin : twins(c.schedule())) {
            if (SCHEDULE_ORDER.compare(twin, best) < 0 && breaks(twin, c.invariant())) {
                best = twin;
            }
        }
        return best == c.schedule() ? c : new Counterexample(c.invariant(), best, c.detail(), c.shortest());
    }

    private static final Comparator<List<String>> SCHEDULE_ORDER = (a, b) -> {
        for (int i = 0; i < Math.min(a.size(), b.size()); i++) {
            int d = a.get(i).compareTo(b.get(i));
            if (d != 0) {
                return d;
            }
        }
        return Integer.compare(a.size(), b.size());
    };

    private boolean breaks(List<String> schedule, String invariant) {
        SimState end = end(schedule);
        if (invariant.equals(Invariant.NO_DEADLOCK)) {
            return !WaitForGraph.of(space, end).cycle().isEmpty();
        }
        return !sim.violations(end, id -> id.equals(invariant)).isEmpty();
    }

    /** The schedule with its units swapped in every way the symmetry allows, up to {@link #MAX_TWINS}. */
    private Set<List<String>> twins(List<String> schedule) {
        Set<List<String>> seen = new LinkedHashSet<>(List.of(schedule));
        Deque<List<String>> todo = new ArrayDeque<>(seen);
        while (!todo.isEmpty() && seen.size() < MAX_TWINS) {
            List<String> s = todo.poll();
            for (int u = 0; u < symmetry.units(); u++) {
                int first = symmetry.groupStart(u);
                if (u != first) {
                    List<String> twin = s.stream()
                            .map(symmetry.names(symmetry.swap(first, u)))
                            .toList();
                    if (seen.add(twin)) {
                        todo.add(twin);
                    }
                }
            }
        }
        return seen;
    }

    List<DeadlockReport> deadlocks(List<DeadlockReport> found) {
        SequencedMap<String, DeadlockReport> out = new LinkedHashMap<>();
        for (DeadlockReport d : found) {
            Deque<List<String>> todo = new ArrayDeque<>();
            todo.add(d.schedule());
            int looked = 0;
            while (!todo.isEmpty() && looked++ < MAX_TWINS) {
                List<String> schedule = todo.poll();
                WaitForGraph waits = WaitForGraph.of(space, end(schedule));
                List<String> cycle = waits.cycle();
                String key = Search.key(waits, cycle);
                if (out.containsKey(key)) {
                    continue;
                }
                out.put(key, new DeadlockReport(schedule, cycle, waits.describe()));
                for (int u = 0; u < symmetry.units(); u++) {
                    int first = symmetry.groupStart(u);
                    if (u != first) {
                        NameMap swap = symmetry.names(symmetry.swap(first, u));
                        todo.add(schedule.stream().map(swap).toList());
                    }
                }
            }
        }
        List<DeadlockReport> sorted = new ArrayList<>(out.values());
        sorted.sort(Comparator.comparingInt(r -> r.schedule().size())); // stable: discovery order within a length
        return sorted;
    }

    private SimState end(List<String> schedule) {
        SimState s = sim.initial();
        for (String a : schedule) {
            s = sim.step(s, a).next();
        }
        return s;
    }
}
