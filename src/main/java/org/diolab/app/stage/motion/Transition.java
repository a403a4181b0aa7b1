package org.diolab.app.stage.motion;

import java.util.List;

/**
 * The motion of one step, planned by {@link MotionPlanner}: show it at any progress from 0 to 1, and end it, which
 * leaves every node as the step's still picture has it (a transition cut short leaves nothing half-way).
 */
public final class Transition {
    private static final Transition NONE = new Transition(List.of());
    private final List<Cue> cues;

    Transition(List<Cue> cues) {
        this.cues = List.copyOf(cues);
    }

    /** Nothing moves. */
    public static Transition none() {
        return NONE;
    }

    /** Shows the transition at {@code progress} (0..1). */
    public void apply(double progress) {
        cues.forEach(c -> c.apply(progress));
    }

    public void end() {
        cues.forEach(Cue::end);
    }
}
