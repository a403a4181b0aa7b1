package org.diolab.engine.explore;

/**
 * How an exploration ended: every reachable state seen, or stopped early (then its findings are partial): at the
 * state budget, because the heap was nearly full, or cancelled.
 */
public enum Completion {
    COMPLETE,
    STATE_BUDGET,
    MEMORY_BUDGET,
    CANCELLED
}
