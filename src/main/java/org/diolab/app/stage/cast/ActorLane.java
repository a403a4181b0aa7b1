package org.diolab.app.stage.cast;

import java.util.List;

/**
 * One actor as the stage shows it at a snapshot: who it is, whether it runs, waits or is done, and the path of
 * micro-steps this run takes through its program (branches it does not take folded away).
 *
 * @param steps    the thread's micro-steps as chips (empty for a device or worker, which serve a queue)
 * @param note     the step it would take next, why it waits, or what its system call returned
 * @param waitsFor the actors it waits for while {@link LaneState#BLOCKED} (a deadlock is a cycle of these)
 */
public record ActorLane(
        String id,
        String title,
        ActorRole role,
        List<StepChip> steps,
        LaneState state,
        String note,
        List<String> waitsFor) {
    public ActorLane {
        steps = List.copyOf(steps);
        waitsFor = List.copyOf(waitsFor);
    }

    public boolean device() {
        return role == ActorRole.DEVICE;
    }

    /**
     * The note as a lane shows it: a long reason to wait ("waits for i_rwsem: held shared by r1, r2; waiting: ...")
     * becomes whom it waits for — the lock's own card shows the rest.
     */
    public String shortNote() {
        return note.length() > 44 && state == LaneState.BLOCKED && !waitsFor.isEmpty()
                ? "waits for " + String.join(", ", waitsFor)
                : note;
    }

    /**
     * The status in a few words with its symbol: "▶ next: pin", "‖ waits for w1@leg1 to complete", "✓ done · r0
     * returned R0 = 'AAAA'", "○ queue empty". The symbol carries the state; the words say what it means now.
     */
    public String status() {
        String n = shortNote();
        return switch (state) {
            case READY, BLOCKED -> state.symbol() + " " + (n.isEmpty() ? state.label() : n);
            case DONE -> state.symbol() + " done" + (n.isEmpty() ? "" : " · " + n);
            case IDLE -> state.symbol() + " " + (n.isEmpty() ? state.label() : n);
        };
    }

    /** The chip of the step this actor takes next, if it has one on show. */
    public java.util.Optional<StepChip> next() {
        return steps.stream().filter(c -> c.state() == ChipState.NEXT).findFirst();
    }
}
