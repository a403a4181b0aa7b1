package org.diolab.engine.explore;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.diolab.engine.ActorStatus;

/**
 * The dumbest possible enumeration, to check the explorer against: walks every schedule one by one, no state merging,
 * no memo. Exponential, so only for small spaces.
 */
final class Naive<S> {
    private final StateSpace<S> space;
    final Set<S> states = new HashSet<>();
    long maximalPaths;
    /** Every schedule (from the start) whose last state breaks some invariant. */
    final List<List<String>> violating = new ArrayList<>();

    final List<List<String>> deadlocking = new ArrayList<>();

    private Naive(StateSpace<S> space) {
        this.space = space;
    }

    /** Enumerates every schedule of at most {@code maxDepth} steps. */
    static <S> Naive<S> enumerate(StateSpace<S> space, int maxDepth) {
        Naive<S> n = new Naive<>(space);
        n.walk(space.initial(), new ArrayList<>(), maxDepth);
        return n;
    }

    private void walk(S s, List<String> path, int budget) {
        states.add(s);
        if (!space.violations(s).isEmpty()) {
            violating.add(List.copyOf(path));
        }
        List<String> ready = space.actors().stream()
                .filter(a -> space.status(s, a) instanceof ActorStatus.Ready)
                .toList();
        if (ready.isEmpty()) {
            maximalPaths++;
            if (space.actors().stream().anyMatch(a -> space.status(s, a) instanceof ActorStatus.Blocked)) {
                deadlocking.add(List.copyOf(path));
            }
            return;
        }
        if (budget == 0) {
            return;
        }
        for (String a : ready) {
            path.add(a);
            walk(space.step(s, a), path, budget - 1);
            path.removeLast();
        }
    }
}
