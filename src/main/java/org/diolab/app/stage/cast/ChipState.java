package org.diolab.app.stage.cast;

/**
 * Where a micro-step stands in the run on show: taken already, the one the actor takes next, still to come, a branch
 * this run does not take (folded), or — while the learner schedules and the future is open — a branch that may or may
 * not be taken.
 */
public enum ChipState {
    DONE,
    NEXT,
    TODO,
    MAYBE,
    SKIPPED;

    public String css() {
        return name().toLowerCase();
    }
}
