package org.diolab.engine.explore;

import org.diolab.engine.Snapshot;

/** What picking an actor in a {@link SchedulerSession} did: it stepped, or it could not, and why. */
public sealed interface StepOutcome {
    /** The actor stepped; {@code session} is the new version, {@code snapshot} its last snapshot. */
    record Stepped(SchedulerSession session, Snapshot snapshot) implements StepOutcome {}

    /** The actor cannot step now; the session is unchanged. {@code reason} is a sentence to show the learner. */
    record Refused(String actor, String reason) implements StepOutcome {}
}
