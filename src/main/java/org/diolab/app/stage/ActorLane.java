package org.diolab.app.stage;

import java.util.List;

/**
 * One actor as the stage shows it at a snapshot: its micro-steps, how far it got, and whether it runs, waits or is done.
 *
 * @param steps the thread's step labels (empty for a device, which serves a queue instead)
 * @param pc    index of the next step to run; {@code steps.size()} when done
 * @param state {@code ready}, {@code blocked}, {@code idle}
 * @param note  the step it would take next, or why it waits
 */
public record ActorLane(String id, String title, boolean device, List<String> steps, int pc, String state,
                        String note) {
    public ActorLane {
        steps = List.copyOf(steps);
    }
}
