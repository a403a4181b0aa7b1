package org.diolab.engine.explore;

import java.util.List;

/**
 * An invariant the explorer saw broken, with the shortest schedule that breaks it: the actors to step, in order, from
 * the initial state. {@link Replay#trace} turns the schedule back into a trace the app can play.
 *
 * @param shortest false only when a reduced search could not finish proving that no shorter schedule exists (it ran
 *                 out of states, heap or time); the schedule still breaks the invariant
 */
public record Counterexample(String invariant, List<String> schedule, String detail, boolean shortest) {
    public Counterexample {
        schedule = List.copyOf(schedule);
    }

    public Counterexample(String invariant, List<String> schedule, String detail) {
        this(invariant, schedule, detail, true);
    }

    /** The same, marked as not proven shortest. */
    Counterexample unproven() {
        return new Counterexample(invariant, schedule, detail, false);
    }
}
