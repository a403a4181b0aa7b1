package org.diolab.app.stage.spacetime;

import java.util.function.IntConsumer;
import javafx.beans.property.IntegerProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleIntegerProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.scene.control.Control;
import javafx.scene.control.Skin;

/**
 * The whole run as a picture beside the stage: a column per thread and device, each step a dot in its actor's column,
 * data that flows between actors as arrows, waits as dotted stretches, the step where an invariant breaks marked
 * red, the step on show highlighted. Clicking a row jumps to that step.
 *
 * <pre>{@code
 * SpaceTimeView view = new SpaceTimeView();
 * view.setRun(SpaceTimeRun.of(trace, List.of("app", "app2", "leg0", "leg1")));
 * view.indexProperty().bind(lessonIndex);
 * view.setOnJump(lessonViewModel::goTo);
 * }</pre>
 */
public final class SpaceTimeView extends Control {
    private final ObjectProperty<SpaceTimeRun> run = new SimpleObjectProperty<>(this, "run", SpaceTimeRun.empty());
    private final IntegerProperty index = new SimpleIntegerProperty(this, "index");
    private final ObjectProperty<IntConsumer> onJump = new SimpleObjectProperty<>(this, "onJump");

    private static final String STYLESHEET =
            SpaceTimeView.class.getResource("space-time.css").toExternalForm();

    public SpaceTimeView() {
        getStyleClass().add("space-time-view");
        setId("space-time");
    }

    public ObjectProperty<SpaceTimeRun> runProperty() {
        return run;
    }

    public void setRun(SpaceTimeRun r) {
        run.set(r);
    }

    /** The step on show (highlighted). */
    public IntegerProperty indexProperty() {
        return index;
    }

    public ObjectProperty<IntConsumer> onJumpProperty() {
        return onJump;
    }

    public void setOnJump(IntConsumer c) {
        onJump.set(c);
    }

    /** Jumps to the step at {@code index}, as a click on its row does. */
    public void jump(int step) {
        if (onJump.get() != null && step >= 0 && step < run.get().size()) {
            onJump.get().accept(step);
        }
    }

    @Override
    public String getUserAgentStylesheet() {
        return STYLESHEET;
    }

    @Override
    protected Skin<?> createDefaultSkin() {
        return new SpaceTimeSkin(this);
    }
}
