package org.diolab.app.stage;

import javafx.scene.control.Skin;
import org.diolab.engine.model.Bio;
import org.diolab.engine.model.Ref;

/**
 * A bio on the stage: direction, target block, state and its bvecs (each an anchor the arrow layer connects to the
 * page it points at). Pseudo-classes {@code :clone}, {@code :done}, {@code :read} (plus {@code :changed}).
 */
public final class BioCard extends StageCard<Bio> {
    public BioCard(Bio b) {
        super(Ref.bio(b.id()), b, "bio-card");
    }

    @Override
    protected Skin<?> createDefaultSkin() {
        return new BioCardSkin(this);
    }
}
