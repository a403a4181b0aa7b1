package org.diolab.app.lesson;

import java.util.function.BooleanSupplier;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyDoubleProperty;
import javafx.beans.property.ReadOnlyDoubleWrapper;

/**
 * Playing the run on: whether it plays, at what speed, and where it stops of its own accord (the end, the pin, or
 * the step a "show me" plays to). The window's timer calls {@link #tick()}; this decides what a tick means.
 */
public final class Playback {
    private final StepCursor cursor;
    private final BooleanSupplier hasRun;
    private final ReadOnlyBooleanWrapper playing = new ReadOnlyBooleanWrapper(false);
    private final ReadOnlyDoubleWrapper speed = new ReadOnlyDoubleWrapper(1);
    /** Where playback stops of its own accord (the end, or the step a "show me" plays to). */
    private int target = Integer.MAX_VALUE;

    Playback(StepCursor cursor, BooleanSupplier hasRun) {
        this.cursor = cursor;
        this.hasRun = hasRun;
    }

    public ReadOnlyBooleanProperty playingProperty() {
        return playing.getReadOnlyProperty();
    }

    /** Playback speed: 1 is one step every 0.9 s. */
    public ReadOnlyDoubleProperty speedProperty() {
        return speed.getReadOnlyProperty();
    }

    public void selectSpeed(double rate) {
        if (rate > 0) {
            speed.set(rate);
        }
    }

    public void play() {
        if (!playing.get()) {
            togglePlay();
        }
    }

    public void pause() {
        playing.set(false);
    }

    public void togglePlay() {
        if (!playing.get() && cursor.indexProperty().get() >= cursor.limit()) {
            cursor.first();
        }
        target = Integer.MAX_VALUE;
        playing.set(!playing.get() && hasRun.getAsBoolean());
    }

    /** Plays from the step on show up to {@code step}, then stops there. */
    public void playTo(int step) {
        if (!hasRun.getAsBoolean() || cursor.indexProperty().get() >= step) {
            return;
        }
        target = step;
        playing.set(true);
    }

    /** One tick of playback: the next step, stopping at the end (or where {@link #playTo} said). */
    public void tick() {
        if (cursor.indexProperty().get() >= Math.min(cursor.limit(), target)) {
            playing.set(false);
        } else {
            cursor.forward();
        }
    }
}
