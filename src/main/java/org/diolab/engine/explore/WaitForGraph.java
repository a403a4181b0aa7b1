package org.diolab.engine.explore;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Objects;
import java.util.SequencedMap;
import java.util.Set;
import org.diolab.engine.ActorStatus;

/**
 * Who waits for whom in a state: an edge from each blocked actor to every actor named in its
 * {@link ActorStatus.Blocked#waitsFor()}. Threads and devices are both nodes, so "T1 waits for leg0 which waits for
 * T2" is one path. A deadlock worth teaching is a cycle here (Kara's "IO to pages A, B with IO to pages B, A").
 *
 * @param waiting the blocked actors in actor order, with why each one waits
 */
public record WaitForGraph(SequencedMap<String, ActorStatus.Blocked> waiting) {
    public WaitForGraph {
        waiting = Collections.unmodifiableSequencedMap(new LinkedHashMap<>(waiting));
    }

    public static <S> WaitForGraph of(StateSpace<S> space, S state) {
        SequencedMap<String, ActorStatus.Blocked> w = new LinkedHashMap<>();
        for (String a : space.actors()) {
            if (space.status(state, a) instanceof ActorStatus.Blocked b) {
                w.put(a, b);
            }
        }
        return new WaitForGraph(w);
    }

    /**
     * The first wait-for cycle, searching from the actors in order, as {@code [a, b, c]}: a waits for b, b for c, c
     * for a. It starts at its earliest actor, so the same cycle always reads the same. Empty when the waits end at an
     * actor that is not waiting (then the run is stuck, but not in a cycle).
     */
    public List<String> cycle() {
        Set<String> cleared = new HashSet<>();
        for (String start : waiting.keySet()) {
            List<String> found = search(start, new ArrayList<>(), cleared);
            if (!found.isEmpty()) {
                return rotateToEarliest(found);
            }
        }
        return List.of();
    }

    /** "app → app2 → app: app waits for ...; app2 waits for ..." or, with no cycle, who waits for what. */
    public String describe() {
        List<String> cycle = cycle();
        List<String> who = cycle.isEmpty() ? List.copyOf(waiting.keySet()) : cycle;
        String reasons = String.join(
                "; ",
                who.stream()
                        .map(a ->
                                a + " " + Objects.requireNonNull(waiting.get(a)).reason())
                        .toList());
        if (cycle.isEmpty()) {
            return "no actor can run, though no cycle: " + reasons;
        }
        return "wait-for cycle " + String.join(" → ", cycle) + " → " + cycle.getFirst() + ": " + reasons;
    }

    /** Depth-first; {@code path} is the chain of waits followed so far, {@code cleared} the actors proven acyclic. */
    private List<String> search(String actor, List<String> path, Set<String> cleared) {
        int seen = path.indexOf(actor);
        if (seen >= 0) {
            return List.copyOf(path.subList(seen, path.size()));
        }
        if (cleared.contains(actor) || !waiting.containsKey(actor)) {
            return List.of();
        }
        path.add(actor);
        for (String next : waiting.get(actor).waitsFor()) {
            List<String> found = search(next, path, cleared);
            if (!found.isEmpty()) {
                return found;
            }
        }
        path.removeLast();
        cleared.add(actor);
        return List.of();
    }

    private List<String> rotateToEarliest(List<String> cycle) {
        List<String> order = List.copyOf(waiting.keySet());
        int best = 0;
        for (int i = 1; i < cycle.size(); i++) {
            if (order.indexOf(cycle.get(i)) < order.indexOf(cycle.get(best))) {
                best = i;
            }
        }
        List<String> out = new ArrayList<>(cycle.subList(best, cycle.size()));
        out.addAll(cycle.subList(0, best));
        return List.copyOf(out);
    }
}
