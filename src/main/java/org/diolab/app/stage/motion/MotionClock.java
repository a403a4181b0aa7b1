package org.diolab.app.stage.motion;

import java.util.function.DoubleConsumer;

/**
 * Drives a transition: calls {@code frame} with the progress from 0 to 1 over {@code millis}, then {@code done}.
 * The app uses {@link FxMotionClock} (the pulse of the JavaFX toolkit); tests and the benchmark use
 * {@link ManualMotionClock}, which moves only when told, so the first and last frames can be checked exactly.
 */
public interface MotionClock {
    Running start(double millis, DoubleConsumer frame, Runnable done);

    /** A transition under way. */
    interface Running {
        /** Stops without calling {@code done}: the caller puts its nodes in their final state itself. */
        void stop();
    }
}
