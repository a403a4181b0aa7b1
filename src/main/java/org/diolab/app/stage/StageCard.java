package org.diolab.app.stage;

import java.util.List;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.css.PseudoClass;
import javafx.scene.control.Control;
import org.diolab.engine.model.Ref;

/**
 * A card on the stage for one object: its value (a record from the engine), whether the step on show changed it, and
 * the marks of invariants that name it. Pseudo-classes {@code :changed} and {@code :violated} carry the state to CSS;
 * a marker shape and a badge carry it too, never colour alone.
 *
 * @param <T> the engine record the card draws
 */
public abstract class StageCard<T> extends Control {
    static final PseudoClass CHANGED = PseudoClass.getPseudoClass("changed");
    static final PseudoClass VIOLATED = PseudoClass.getPseudoClass("violated");

    private final Ref ref;
    private final ObjectProperty<T> value = new SimpleObjectProperty<>(this, "value");
    private final BooleanProperty changed = new SimpleBooleanProperty(this, "changed");
    private final ObjectProperty<List<String>> marks = new SimpleObjectProperty<>(this, "marks", List.of());

    protected StageCard(Ref ref, T initial, String styleClass) {
        this.ref = ref;
        getStyleClass().addAll("stage-card", styleClass);
        value.set(initial);
        changed.addListener((o, a, on) -> pseudoClassStateChanged(CHANGED, on));
        marks.addListener((o, a, m) -> pseudoClassStateChanged(VIOLATED, !m.isEmpty()));
        setFocusTraversable(false);
    }

    public Ref ref() {
        return ref;
    }

    public ObjectProperty<T> valueProperty() {
        return value;
    }

    public BooleanProperty changedProperty() {
        return changed;
    }

    /** What the invariants that name this object say about it ("≠ legs differ"); empty while none does. */
    public ObjectProperty<List<String>> marksProperty() {
        return marks;
    }

    /** Sets the value from an untyped engine object (the cast keeps values of every kind in one list). */
    @SuppressWarnings("unchecked")
    void setUntyped(Object v) {
        value.set((T) v);
    }
}
