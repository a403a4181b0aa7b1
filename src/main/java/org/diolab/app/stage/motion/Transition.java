package org.diolab.app.stage.motion;

import java.util.ArrayList;
import java.util.List;

/**
 * The motion of one step, planned by {@link MotionPlanner}: show it at any progress from 0 to 1, and end it, which
 * leaves every node as the step's still picture has it (a transition cut short leaves nothing half-way).
 *
 * <p>A step's effects happen at its {@link #landing()}: the instant the DMA's packet lands (0 for a step without a
 * DMA, whose effects are its start). Before it the stage shows the step begun but nothing it causes; a hook given to
 * {@link #landingAt} puts the step's still picture on stage at that instant, once, and at the end if it never came.
 */
public final class Transition {
    private static final Transition NONE = new Transition(List.of(), 0);
    private final List<Cue> cues;
    private final double landing;

    Transition(List<Cue> cues, double landing) {
        this.cues = List.copyOf(cues);
        this.landing = landing;
    }

    /** Nothing moves. */
    public static Transition none() {
        return NONE;
    }

    /** The progress at which the step's effects happen. */
    public double landing() {
        return landing;
    }

    /**
     * This transition, running {@code land} once when progress reaches {@link #landing()} (before any cue shows that
     * instant, so cues borrow the landed nodes), or at {@link #end()} if it was cut short before.
     */
    public Transition landingAt(Runnable land) {
        List<Cue> all = new ArrayList<>();
        all.add(Cue.once(land, landing));
        all.addAll(cues);
        return new Transition(all, landing);
    }

    /** Shows the transition at {@code progress} (0..1). */
    public void apply(double progress) {
        cues.forEach(c -> c.apply(progress));
    }

    public void end() {
        cues.forEach(Cue::end);
    }
}
