package org.diolab.engine;

import org.jspecify.annotations.Nullable;

/**
 * One line of a lesson's script: run {@code actor} until it has taken a step labelled {@code until}; with no label,
 * one step. Labels, not step counts, so the same script reads right under every policy (a bounce adds steps).
 */
public record ScheduleEntry(String actor, @Nullable String until) {
    public static ScheduleEntry oneStep(String actor) {
        return new ScheduleEntry(actor, null);
    }
}
