package org.diolab.app.stage;

import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.scene.control.Control;
import javafx.scene.control.Skin;
import org.diolab.engine.model.Page;

/**
 * A page on the stage: its id, owner, bytes and pin count. Pseudo-classes {@code :changed}, {@code :pinned},
 * {@code :bounce} and {@code :freed} carry its state to CSS; labels carry it too, never colour alone.
 */
public final class PageCard extends Control {
    private final ObjectProperty<Page> page = new SimpleObjectProperty<>(this, "page");
    private final BooleanProperty changed = new SimpleBooleanProperty(this, "changed");

    public PageCard(Page p) {
        getStyleClass().add("page-card");
        page.set(p);
    }

    public ObjectProperty<Page> pageProperty() {
        return page;
    }

    public BooleanProperty changedProperty() {
        return changed;
    }

    @Override
    protected Skin<?> createDefaultSkin() {
        return new PageCardSkin(this);
    }
}
