package org.diolab.app.stage;

import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.scene.control.Control;
import javafx.scene.control.Skin;
import org.diolab.engine.model.Bio;

/**
 * A bio on the stage: direction, target block, state and its bvecs (each an anchor the overlay connects to the page it
 * points at). Pseudo-classes {@code :changed}, {@code :clone}, {@code :done}.
 */
public final class BioCard extends Control {
    private final ObjectProperty<Bio> bio = new SimpleObjectProperty<>(this, "bio");
    private final BooleanProperty changed = new SimpleBooleanProperty(this, "changed");

    public BioCard(Bio b) {
        getStyleClass().add("bio-card");
        bio.set(b);
    }

    public ObjectProperty<Bio> bioProperty() {
        return bio;
    }

    public BooleanProperty changedProperty() {
        return changed;
    }

    @Override
    protected Skin<?> createDefaultSkin() {
        return new BioCardSkin(this);
    }
}
