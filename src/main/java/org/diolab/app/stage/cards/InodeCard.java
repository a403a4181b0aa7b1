package org.diolab.app.stage.cards;

import javafx.scene.control.Skin;
import org.diolab.engine.model.Inode;
import org.diolab.engine.model.Ref;

/**
 * The inode's i_rwsem — who holds it, and the waiters standing in its queue in order — and i_dio_count (the ext4
 * lessons). Pseudo-classes {@code :held}, {@code :contended}.
 */
public final class InodeCard extends StageCard<Inode> {
    public InodeCard(Inode i) {
        super(Ref.inode(), i, "inode-card");
    }

    @Override
    protected Skin<?> createDefaultSkin() {
        return new InodeCardSkin(this);
    }
}
