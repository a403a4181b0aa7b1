package org.diolab.engine.explore;

import java.util.List;
import java.util.function.Predicate;
import org.diolab.engine.ActorStatus;
import org.diolab.engine.invariant.Violation;

/**
 * What the explorer needs of a system to enumerate its interleavings: a start, actors that are ready, blocked or idle,
 * a step function and the invariants broken in a state. {@link SimulatorSpace} adapts the simulator; tests also use
 * small hand-written systems (two threads taking two locks) to check deadlock detection on its own.
 *
 * @param <S> the state; equal states must behave identically, since the explorer merges them
 */
public interface StateSpace<S> {
    S initial();

    /** Every actor, threads and devices alike, in a fixed order: the explorer tries them in this order. */
    List<String> actors();

    ActorStatus status(S state, String actor);

    /** The state after {@code actor}, which is ready in {@code state}, takes its next step. */
    S step(S state, String actor);

    /** {@link #step}, for a caller that has just been told {@code ready} by {@link #status}: a space may skip asking. */
    default S step(S state, String actor, ActorStatus.Ready ready) {
        return step(state, actor);
    }

    /**
     * What making and storing {@code state} costs, in the units of {@link ExploreLimits#maxWork}: 1 for a small
     * state, more for a state of a big world.
     */
    default long weight(S state) {
        return 1;
    }

    /** Every invariant broken in {@code state}; empty if all hold. */
    List<Violation> violations(S state);

    /** The invariants {@code wanted} names broken in {@code state}; a space may skip checking the others. */
    default List<Violation> violations(S state, Predicate<String> wanted) {
        return violations(state).stream()
                .filter(v -> wanted.test(v.invariant()))
                .toList();
    }
}
