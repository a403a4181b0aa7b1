package org.diolab.app.stage.motion;

import javafx.geometry.Rectangle2D;
import javafx.scene.Node;
import javafx.scene.layout.Region;
import org.diolab.app.stage.cards.StageCard;
import org.diolab.app.stage.layout.Anchor;
import org.diolab.engine.model.Ref;

/** The stage's nodes as a transition borrows them; the stage's skin answers. {@code null} where there is none. */
public interface StageNodes {
    StageCard<?> card(Ref ref);

    /** Where the card of {@code ref} sits, in stage units. */
    Rectangle2D rect(Ref ref);

    /** The node that draws part {@code a} now, inside its card (see {@link Anchor}). */
    Node part(Anchor a);

    /** A fresh packet chip in the motion layer, carrying {@code text}. */
    Region packet(String text);
}
