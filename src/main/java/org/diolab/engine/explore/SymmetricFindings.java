package org.diolab.engine.explore;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.SequencedMap;
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
        for (Counterexample c : found) {
            SimState end = end(c.schedule());
            String detail = c.detail();
            if (c.invariant().equals(Invariant.NO_DEADLOCK)) {
                detail = WaitForGraph.of(space, end).describe();
            } else {
                for (Violation v : sim.violations(end, id -> id.equals(c.invariant()))) {
                    detail = v.detail();
                }
            }
            out.add(new Counterexample(c.invariant(), c.schedule(), detail, c.shortest()));
        }
        return out;
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
