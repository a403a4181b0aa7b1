package org.diolab.app.stage.cards;

import java.util.Map;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.scene.control.Skin;
import org.diolab.app.stage.cast.Column;
import org.diolab.engine.model.Bio;
import org.diolab.engine.model.Ref;

/**
 * A bio on the stage: direction, target block, state and its bvecs (each an anchor the arrow layer connects to the
 * page it points at). Pseudo-classes {@code :clone}, {@code :done}, {@code :read} (plus {@code :changed}).
 */
public final class BioCard extends StageCard<Bio> {
    private final ObjectProperty<Map<String, Column>> crowded = new SimpleObjectProperty<>(this, "crowded", Map.of());

    public BioCard(Bio b) {
        super(Ref.bio(b.id()), b, "bio-card");
    }

    /**
     * The pages drawn in a crowd (see {@link Crowds}), by id, with their crowd's column: the bvecs into one crowd
     * share one chip ("bvec1–1024 → 1,024 pages") rather than a chip each.
     */
    public ObjectProperty<Map<String, Column>> crowdedProperty() {
        return crowded;
    }

    @Override
    protected Skin<?> createDefaultSkin() {
        return new BioCardSkin(this);
    }
}
