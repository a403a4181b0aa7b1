package org.diolab.app.stage.cards;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.css.PseudoClass;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.control.Control;
import org.diolab.app.stage.layout.Anchor;
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
    private final String styleClass;
    private String stylesheet;
    private final ObjectProperty<T> value = new SimpleObjectProperty<>(this, "value");
    private final BooleanProperty changed = new SimpleBooleanProperty(this, "changed");
    private final ObjectProperty<List<String>> marks = new SimpleObjectProperty<>(this, "marks", List.of());

    /**
     * @param styleClass the card's style class ({@code page-card}); its stylesheet is the file of that name next to
     *                   the card's class ({@code page-card.css}), which imports what every card shares
     */
    protected StageCard(Ref ref, T initial, String styleClass) {
        this.ref = ref;
        this.styleClass = styleClass;
        getStyleClass().addAll("stage-card", styleClass);
        value.set(initial);
        changed.addListener((o, a, on) -> pseudoClassStateChanged(CHANGED, on));
        marks.addListener((o, a, m) -> pseudoClassStateChanged(VIOLATED, !m.isEmpty()));
        setFocusTraversable(false);
    }

    /** The card's own stylesheet, as a user agent's: colours from the theme's variables only. */
    @Override
    public String getUserAgentStylesheet() {
        if (stylesheet == null) {
            stylesheet = getClass().getResource(styleClass + ".css").toExternalForm();
        }
        return stylesheet;
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
    public void setUntyped(Object v) {
        value.set((T) v);
    }

    /**
     * The node that draws part {@code a} of this card now (see {@link Anchor}), if the skin shows that part: what a
     * transition moves, looked up when it starts, since a skin may rebuild its nodes as the value changes.
     */
    public Optional<Node> part(Anchor a) {
        List<Node> stack = new ArrayList<>(getChildrenUnmodifiable());
        while (!stack.isEmpty()) {
            Node n = stack.removeLast();
            if (a.equals(Anchor.of(n))) {
                return Optional.of(n);
            }
            if (n instanceof Parent p) {
                stack.addAll(p.getChildrenUnmodifiable());
            }
        }
        return Optional.empty();
    }
}
