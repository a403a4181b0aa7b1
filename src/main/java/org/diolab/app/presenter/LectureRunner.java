package org.diolab.app.presenter;

import javafx.beans.property.ReadOnlyIntegerProperty;
import javafx.beans.property.ReadOnlyIntegerWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import org.diolab.app.lesson.LessonViewModel;

/**
 * Walks a {@link LectureOrder} with the clicker: forward past the last step of a lesson opens the next lesson of the
 * lecture at its step, back before the first step returns to the previous one at its end.
 */
public final class LectureRunner {
    private final LessonViewModel vm;
    private final java.util.function.Consumer<org.diolab.lesson.Lesson> open;
    private final ReadOnlyObjectWrapper<LectureOrder> order = new ReadOnlyObjectWrapper<>(this, "order");
    private final ReadOnlyIntegerWrapper position = new ReadOnlyIntegerWrapper(this, "position", -1);

    /**
     * @param open opens a lesson the way the window does (so the library shows it selected)
     */
    public LectureRunner(LessonViewModel vm, java.util.function.Consumer<org.diolab.lesson.Lesson> open) {
        this.vm = vm;
        this.open = open;
    }

    public ReadOnlyObjectProperty<LectureOrder> orderProperty() {
        return order.getReadOnlyProperty();
    }

    /** Index of the lecture's lesson on show, or -1. */
    public ReadOnlyIntegerProperty positionProperty() {
        return position.getReadOnlyProperty();
    }

    /** Starts {@code lecture} at its first lesson. */
    public void start(LectureOrder lecture) {
        order.set(lecture);
        go(0, false);
    }

    public void stop() {
        order.set(null);
        position.set(-1);
    }

    public boolean active() {
        return order.get() != null;
    }

    /** One step forward, or on to the next lesson of the lecture from the last step. */
    public void forward() {
        if (active()
                && vm.indexProperty().get() >= vm.lastIndexProperty().get()
                && position.get() + 1 < order.get().entries().size()) {
            go(position.get() + 1, false);
        } else {
            vm.forward();
        }
    }

    /** One step back, or back to the previous lesson (at its last step) from the first step. */
    public void back() {
        if (active() && vm.indexProperty().get() == 0 && position.get() > 0) {
            go(position.get() - 1, true);
        } else {
            vm.back();
        }
    }

    public void nextLesson() {
        if (active() && position.get() + 1 < order.get().entries().size()) {
            go(position.get() + 1, false);
        }
    }

    public void previousLesson() {
        if (active() && position.get() > 0) {
            go(position.get() - 1, false);
        }
    }

    /** "2 / 5 · raid1-mirrors-diverge · bounce", or empty outside a lecture. */
    public String label() {
        return active()
                ? (position.get() + 1) + " / " + order.get().entries().size() + " · "
                        + order.get().entries().get(position.get()).label()
                : "";
    }

    private void go(int i, boolean atEnd) {
        LectureOrder.Entry e = order.get().entries().get(i);
        position.set(i);
        open.accept(e.lesson());
        vm.selectPolicy(e.policy());
        vm.goTo(atEnd ? vm.lastIndexProperty().get() : e.step());
    }
}
