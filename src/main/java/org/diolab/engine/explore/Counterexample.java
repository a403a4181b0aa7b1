package org.diolab.engine.explore;

import java.util.List;

/**
 * An invariant the explorer saw broken, with the shortest schedule that breaks it: the actors to step, in order, from
 * the initial state. {@link Replay#trace} turns the schedule back into a trace the app can play.
 */
public record Counterexample(String invariant, List<String> schedule, String detail) {
    public Counterexample {
        schedule = List.copyOf(schedule);
    }
}
