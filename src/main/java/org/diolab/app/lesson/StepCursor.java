package org.diolab.app.lesson;

import javafx.beans.property.ReadOnlyIntegerProperty;
import javafx.beans.property.ReadOnlyIntegerWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;

/**
 * Which step of the run is on show, and how far the learner may go: to the end of the run, or no further than a pin
 * (a quiz question waiting for its answer). Moving is picking an index; the lesson screen draws whatever this says.
 */
public final class StepCursor {
    private final ReadOnlyIntegerWrapper index = new ReadOnlyIntegerWrapper(0);
    private final ReadOnlyIntegerWrapper last = new ReadOnlyIntegerWrapper(0);
    private final ReadOnlyObjectWrapper<StagePin> pin = new ReadOnlyObjectWrapper<>();

    /** The step on show. */
    public ReadOnlyIntegerProperty indexProperty() {
        return index.getReadOnlyProperty();
    }

    /** The last step of the run on show. */
    public ReadOnlyIntegerProperty lastIndexProperty() {
        return last.getReadOnlyProperty();
    }

    /** While set, the stage stays at or before {@link StagePin#step()}. */
    public ReadOnlyObjectProperty<StagePin> pinProperty() {
        return pin.getReadOnlyProperty();
    }

    /** Shows step {@code i}; the lesson screen clamps it to the run and the pin. */
    public void goTo(int i) {
        index.set(i);
    }

    public void first() {
        index.set(0);
    }

    public void back() {
        index.set(Math.max(0, index.get() - 1));
    }

    public void forward() {
        index.set(Math.min(limit(), index.get() + 1));
    }

    public void last() {
        index.set(limit());
    }

    /** The last step the stage may show: the end of the run, or the pin. */
    public int limit() {
        StagePin p = pin.get();
        return p == null ? last.get() : Math.min(last.get(), p.step());
    }

    /** A run of {@code steps} snapshots is on show now. */
    void runOf(int steps) {
        last.set(steps - 1);
        if (index.get() > last.get()) {
            index.set(last.get());
        }
    }

    void hold(StagePin p) {
        pin.set(p);
    }

    void release() {
        pin.set(null);
    }

    /** The step on show clamped to the run and the pin. */
    int clamped(int steps) {
        return Math.clamp(index.get(), 0, Math.min(steps - 1, limit()));
    }
}
