package org.diolab.engine.explore;

import java.util.function.BooleanSupplier;
import java.util.function.IntPredicate;

/**
 * When the explorer gives up: after {@code maxStates} distinct states, when {@code memoryLow} (given the number of states
 * held) says the heap is nearly full (so a big scenario ends with "exceeded" instead of an OutOfMemoryError), or when {@code cancelled} says so (the
 * app's cancel button). Both suppliers are polled every few hundred states, so the explorer needs no thread of its
 * own; the engine reads no gauge itself, callers pass one in (the CLI and the app pass the JVM's heap).
 */
public record ExploreLimits(int maxStates, BooleanSupplier cancelled, IntPredicate memoryLow) {
    private static final BooleanSupplier NEVER = () -> false;
    private static final IntPredicate NO_GAUGE = states -> false;
    public static final int DEFAULT_MAX_STATES = 2_000_000;
    public static final ExploreLimits DEFAULT = maxStates(DEFAULT_MAX_STATES);

    public ExploreLimits {
        if (maxStates < 1) {
            throw new IllegalArgumentException("maxStates must be at least 1, not " + maxStates);
        }
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
