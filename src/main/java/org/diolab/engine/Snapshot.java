package org.diolab.engine;

import java.util.Collections;
import java.util.List;
import java.util.Set;
import java.util.SortedSet;
import java.util.TreeSet;
import org.diolab.engine.invariant.Violation;
import org.diolab.engine.model.Ref;
import org.jspecify.annotations.Nullable;

/**
 * One instant of a run, as the view draws it: the state, the step that led here, the objects it changed, the
 * narration, and every invariant violated in this state.
 */
public record Snapshot(
        int index,
        SimState state,
        Event event,
        SortedSet<Ref> changed,
        @Nullable Narration narration,
        List<Violation> violations) {
    public Snapshot(
            int index,
            SimState state,
            Event event,
            Set<Ref> changed,
            @Nullable Narration narration,
            List<Violation> violations) {
        this(index, state, event, new TreeSet<>(changed), narration, violations);
    }

    public Snapshot {
        changed = Collections.unmodifiableSortedSet(new TreeSet<>(changed));
        violations = List.copyOf(violations);
    }

    public boolean violates(String invariant) {
        return violations.stream().anyMatch(v -> v.invariant().equals(invariant));
    }
}
