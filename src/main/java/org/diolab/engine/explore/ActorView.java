package org.diolab.engine.explore;

import org.diolab.engine.ActorStatus;

/** One actor as the "you are the scheduler" view lists it: can it step, and if not, why and for whom it waits. */
public record ActorView(String id, boolean device, ActorStatus status) {
    public boolean ready() {
        return status instanceof ActorStatus.Ready;
    }

    /** "ready: pin", "blocked at end-io: waits for w1@leg0 to complete", "done" or "idle: nothing queued". */
    public String describe() {
        return switch (status) {
            case ActorStatus.Ready r -> "ready: " + r.label();
            case ActorStatus.Blocked b -> "blocked at " + b.label() + ": " + b.reason();
            case ActorStatus.Idle i -> device ? "idle: nothing queued" : "done";
        };
    }
}
