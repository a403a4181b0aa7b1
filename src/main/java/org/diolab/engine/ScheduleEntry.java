package org.diolab.engine;

import java.util.List;
import org.diolab.engine.op.Policy;
import org.jspecify.annotations.Nullable;

/**
 * One line of a lesson's script: run {@code actor} until it has taken a step labelled {@code until}; with no label,
 * one step. Labels, not step counts, so the same script reads right under every policy (a bounce adds steps).
 *
 * @param occurrence with a label, run until the actor's {@code occurrence}-th step with that label in the whole run
 *                   ({@code leg0: dma#2}); 0 means the next one
 * @param only       the policies the line applies to (a run under a policy that includes one of them); empty: all
 */
public record ScheduleEntry(String actor, @Nullable String until, int occurrence, List<Policy> only) {
    public ScheduleEntry {
        only = List.copyOf(only);
    }

    public ScheduleEntry(String actor, @Nullable String until) {
        this(actor, until, 0, List.of());
    }

    public static ScheduleEntry oneStep(String actor) {
        return new ScheduleEntry(actor, null);
    }

    /** Whether this line is part of the script under {@code p}. */
    public boolean appliesTo(Policy p) {
        return only.isEmpty() || only.stream().anyMatch(p::includes);
    }
}
