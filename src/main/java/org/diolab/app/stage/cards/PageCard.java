package org.diolab.app.stage.cards;

import javafx.scene.control.Skin;
import org.diolab.engine.model.Page;
import org.diolab.engine.model.Ref;

/**
 * A page on the stage: id, owner, bytes, pin count and flags. Pseudo-classes {@code :pinned}, {@code :bounce},
 * {@code :cache}, {@code :freed}, {@code :writeback}, {@code :dirty} (plus {@code :changed}, {@code :violated}).
 */
public final class PageCard extends StageCard<Page> {
    public PageCard(Page p) {
        super(Ref.page(p.id()), p, "page-card");
    }

    @Override
    protected Skin<?> createDefaultSkin() {
        return new PageCardSkin(this);
    }
}
