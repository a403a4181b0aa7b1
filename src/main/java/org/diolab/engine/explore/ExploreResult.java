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
 * @param states          distinct states of the graph searched (with a reduction, the reduced one)
 * @param interleavings   its complete runs; with a reduction a lower bound of all of them
 * @param violations      in the order found, which is by schedule length
 * @param reduction       how the graph was searched
 * @param shortestStates  states the search that proves the counterexamples shortest held (0 without reduction, where
 *                        breadth-first order proves it)
 */
public record ExploreResult(
        int states,
        PathCount interleavings,
        List<Counterexample> violations,
        List<DeadlockReport> deadlocks,
        Completion completion,
        Reduction reduction,
        int shortestStates) {
    public ExploreResult {
        violations = List.copyOf(violations);
        deadlocks = List.copyOf(deadlocks);
    }

    public ExploreResult(
            int states,
            PathCount interleavings,
            List<Counterexample> violations,
            List<DeadlockReport> deadlocks,
            Completion completion) {
        this(states, interleavings, violations, deadlocks, completion, Reduction.NONE, 0);
    }

    /** True when the state budget or the heap stopped the search: unexplored states may hide more violations. */
    public boolean exceeded() {
        return completion == Completion.STATE_BUDGET || completion == Completion.MEMORY_BUDGET;
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
