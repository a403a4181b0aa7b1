package org.diolab.app.stage.motion;

import java.util.function.DoubleConsumer;

/**
 * A {@link MotionClock} that moves only when told: {@link #seek} shows any instant of the transition, {@link #finish}
 * ends it. For tests (check a transition's first and last frames) and benchmarks (time a frame without a screen).
 */
public final class ManualMotionClock implements MotionClock {
    private DoubleConsumer frame;
    private Runnable done;
    private double millis;
    private int started;

    @Override
    public Running start(double millis, DoubleConsumer frame, Runnable done) {
        this.millis = millis;
        this.frame = frame;
        this.done = done;
        started++;
        frame.accept(0);
        DoubleConsumer mine = frame;
        return () -> {
            if (this.frame == mine) {
                this.frame = null;
                this.done = null;
            }
        };
    }

    /** Whether a transition is under way. */
    public boolean running() {
        return frame != null;
    }

    /** How many transitions were started so far. */
    public int started() {
        return started;
    }

    /** The length of the transition under way, in ms. */
    public double millis() {
        return millis;
    }

    /** Shows the transition at {@code progress} (0..1). */
    public void seek(double progress) {
        if (frame != null) {
            frame.accept(progress);
        }
    }

    /** Shows the last frame and ends the transition. */
    public void finish() {
        if (frame != null) {
            DoubleConsumer f = frame;
            Runnable d = done;
            frame = null;
            done = null;
            f.accept(1);
            d.run();
        }
    }
}
