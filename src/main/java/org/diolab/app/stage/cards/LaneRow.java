package org.diolab.app.stage.cards;

import java.util.function.Consumer;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.scene.control.Control;
import javafx.scene.control.Skin;
import org.diolab.app.stage.cast.ActorLane;

/**
 * One actor's lane: who it is, whether it runs, waits or is done (symbol and words), and where it is on the path of
 * micro-steps this run takes: the step just taken and the next (the whole path in a tooltip). Pseudo-classes: {@code :acted} for the actor that just stepped, and its
 * {@link LaneState} ({@code :ready}, {@code :blocked}, {@code :done}, {@code :idle}).
 */
public final class LaneRow extends Control {
    /** The least width of the actor's name. */
    public static final double NAME_WIDTH = 70;
    /** The width of the status, which wraps. */
    public static final double STATE_WIDTH = 180;
    /** The least width of the title, which wraps. */
    public static final double TITLE_MIN = 120;
    /**
     * The most width of the title, under the name: beyond, it wraps (the lane stays narrow enough to frame with its
     * objects).
     */
    public static final double TITLE_MAX = 190;

    private final ObjectProperty<ActorLane> lane = new SimpleObjectProperty<>(this, "lane");
    private final BooleanProperty acted = new SimpleBooleanProperty(this, "acted");
    private final ObjectProperty<Consumer<String>> onStep = new SimpleObjectProperty<>(this, "onStep");

    private static final String STYLESHEET =
            LaneRow.class.getResource("lane-row.css").toExternalForm();

    public LaneRow(ActorLane initial) {
        getStyleClass().add("lane");
        lane.set(initial);
        setFocusTraversable(false);
    }

    public ObjectProperty<ActorLane> laneProperty() {
        return lane;
    }

    public BooleanProperty actedProperty() {
        return acted;
    }

    /** While the learner schedules: what the lane's Step button does; otherwise {@code null} (no button). */
    public ObjectProperty<Consumer<String>> onStepProperty() {
        return onStep;
    }

    /** How far from its left edge the lane's content reaches, in its own units (the rest of its band is empty). */
    public double usedWidth() {
        return getSkin() instanceof LaneRowSkin s ? s.usedWidth() : getWidth();
    }

    @Override
    public String getUserAgentStylesheet() {
        return STYLESHEET;
    }

    @Override
    protected Skin<?> createDefaultSkin() {
        return new LaneRowSkin(this);
    }
}
