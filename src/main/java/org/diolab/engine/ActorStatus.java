package org.diolab.engine;

/** Whether an actor can take a step now, and if not, why. */
public sealed interface ActorStatus {
    /** Can run; {@code label} is the step it would take. */
    record Ready(String label) implements ActorStatus {}

    /** Has a next step but must wait, for the actors in {@code waitsFor}. */
    record Blocked(String label, String reason, java.util.List<String> waitsFor) implements ActorStatus {
        public Blocked {
            waitsFor = java.util.List.copyOf(waitsFor);
        }
    }

    /** A thread that finished its program, or a device with nothing queued. */
    record Idle() implements ActorStatus {}
}
