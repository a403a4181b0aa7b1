package org.diolab.engine.explore;

import java.util.function.BooleanSupplier;
import java.util.function.IntPredicate;

/**
 * When the explorer gives up: after {@code maxStates} distinct states (or as much work as that many states of a
 * lesson take, {@link #maxWork}), when {@code memoryLow} (given the number of states
 * held) says the heap is nearly full (so a big scenario ends with "exceeded" instead of an OutOfMemoryError), or when {@code cancelled} says so (the
 * app's cancel button). Both suppliers are polled every few hundred states, so the explorer needs no thread of its
 * own; the engine reads no gauge itself, callers pass one in (the CLI and the app pass the JVM's heap).
 */
public record ExploreLimits(int maxStates, BooleanSupplier cancelled, IntPredicate memoryLow) {
    private static final BooleanSupplier NEVER = () -> false;
    private static final IntPredicate NO_GAUGE = states -> false;
    public static final int DEFAULT_MAX_STATES = 2_000_000;
    /**
     * Work the state budget buys per state: expanding a state costs one unit per actor and one per successor, plus
     * one per 16 objects of each successor's world (see {@link StateSpace#weight}). A lesson's state costs 10 to 40;
     * a state of 2,000 legs or 500 actors costs thousands, and such a search stops at the work budget long before the
     * state budget, so that every input ends in about as much time as the state budget takes on a lesson.
     */
    public static final int WORK_PER_STATE = 64;

    public static final ExploreLimits DEFAULT = maxStates(DEFAULT_MAX_STATES);

    public ExploreLimits {
        if (maxStates < 1) {
            throw new IllegalArgumentException("maxStates must be at least 1, not " + maxStates);
        }
    }

    /** The work budget: {@link #WORK_PER_STATE} per state of the state budget. */
    public long maxWork() {
        return (long) maxStates * WORK_PER_STATE;
    }

    public ExploreLimits(int maxStates, BooleanSupplier cancelled) {
        this(maxStates, cancelled, NO_GAUGE);
    }

    public static ExploreLimits maxStates(int maxStates) {
        return new ExploreLimits(maxStates, NEVER, NO_GAUGE);
    }

    /**
     * The same limits, stopping also when {@code gauge}, asked with the number of states held so far, reports the heap
     * nearly full.
     */
    public ExploreLimits withMemoryGauge(IntPredicate gauge) {
        return new ExploreLimits(maxStates, cancelled, gauge);
    }
}
