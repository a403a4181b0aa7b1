package org.diolab.engine.explore;

import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * What the explorer found: how many distinct states and complete interleavings there are, and for each invariant
 * broken in some interleaving the shortest schedule that breaks it ({@code no-deadlock} included, with its wait-for
 * cycle also in {@code deadlocks}). Only a {@link Completion#COMPLETE} result proves an invariant cannot break.
 *
 * @param violations in the order found, which is by schedule length
 */
public record ExploreResult(int states, PathCount interleavings, List<Counterexample> violations,
                            List<DeadlockReport> deadlocks, Completion completion) {
    public ExploreResult {
        violations = List.copyOf(violations);
        deadlocks = List.copyOf(deadlocks);
    }

    /** True when the state budget stopped the search: unexplored states may hide more violations. */
    public boolean exceeded() {
        return completion == Completion.STATE_BUDGET;
    }

    public boolean complete() {
        return completion == Completion.COMPLETE;
    }

    /** Names of the invariants broken in some interleaving, sorted. */
    public Set<String> violated() {
        Set<String> names = new TreeSet<>();
        violations.forEach(v -> names.add(v.invariant()));
        return names;
    }

    public Optional<Counterexample> violation(String invariant) {
        return violations.stream().filter(v -> v.invariant().equals(invariant)).findFirst();
    }
}
