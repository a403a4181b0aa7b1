package org.diolab.engine.explore;

/** How an exploration ended: every reachable state seen, or stopped early (then its findings are partial). */
public enum Completion {
    COMPLETE, STATE_BUDGET, CANCELLED
}
