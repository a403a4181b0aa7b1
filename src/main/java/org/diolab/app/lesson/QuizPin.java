package org.diolab.app.lesson;

import java.util.function.Consumer;
import javafx.beans.property.ReadOnlyObjectProperty;
import org.diolab.engine.op.Policy;

/**
 * Holding the stage for a quiz question: the lesson's script under the question's policy, at the question's step, and
 * no further until released. The learner can look back, not ahead.
 */
public final class QuizPin {
    private final StepCursor cursor;
    private final Playback playback;
    private final Consumer<Policy> script;
    private final Consumer<Runnable> change;

    /**
     * @param script puts the lesson's script under a policy on show
     * @param change runs a change of the lesson screen, then shows the step it ends at (once)
     */
    QuizPin(StepCursor cursor, Playback playback, Consumer<Policy> script, Consumer<Runnable> change) {
        this.cursor = cursor;
        this.playback = playback;
        this.script = script;
        this.change = change;
    }

    /** While set, the stage stays at or before {@link StagePin#step()}. */
    public ReadOnlyObjectProperty<StagePin> pinProperty() {
        return cursor.pinProperty();
    }

    /** Shows the lesson's script under {@code p} at {@code step} and keeps the stage from going past it. */
    public void pin(Policy p, int step, String reason) {
        change.accept(() -> {
            playback.pause();
            script.accept(p);
            cursor.hold(new StagePin(step, reason));
            cursor.goTo(step);
        });
    }

    public void unpin() {
        cursor.release();
    }
}
