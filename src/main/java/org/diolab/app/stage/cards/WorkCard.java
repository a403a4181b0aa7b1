package org.diolab.app.stage.cards;

import javafx.scene.control.Skin;
import org.diolab.engine.model.CsumWork;
import org.diolab.engine.model.Ref;

/** btrfs's async checksum work item (S004): which iterator it will walk, and whether csum_done completed. */
public final class WorkCard extends StageCard<CsumWork> {
    public WorkCard(CsumWork w) {
        super(Ref.work(w.id()), w, "work-card");
    }

    @Override
    protected Skin<?> createDefaultSkin() {
        return new WorkCardSkin(this);
    }
}
