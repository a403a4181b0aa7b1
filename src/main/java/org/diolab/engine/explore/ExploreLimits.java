package org.diolab.engine.explore;

import java.util.function.BooleanSupplier;

/**
 * When the explorer gives up: after {@code maxStates} distinct states, or when {@code cancelled} says so (the app's
 * cancel button; checked every few hundred states, so the explorer needs no thread of its own).
 */
public record ExploreLimits(int maxStates, BooleanSupplier cancelled) {
    public static final int DEFAULT_MAX_STATES = 2_000_000;
    public static final ExploreLimits DEFAULT = maxStates(DEFAULT_MAX_STATES);

    public ExploreLimits {
        if (maxStates < 1) {
            throw new IllegalArgumentException("maxStates must be at least 1, not " + maxStates);
        }
    }

    public static ExploreLimits maxStates(int maxStates) {
        return new ExploreLimits(maxStates, () -> false);
    }
}
