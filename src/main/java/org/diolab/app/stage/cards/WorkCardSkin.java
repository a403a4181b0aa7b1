package org.diolab.app.stage.cards;

import javafx.css.PseudoClass;
import javafx.scene.control.Label;
import javafx.scene.layout.Region;
import org.diolab.engine.model.CsumWork;

/** Draws a {@link WorkCard}. */
final class WorkCardSkin extends StageCardSkin<CsumWork, WorkCard> {
    private static final PseudoClass DONE = PseudoClass.getPseudoClass("done");
    private final Label title = new Label();
    private final Label iter = new Label();
    private final Label state = new Label();

    WorkCardSkin(WorkCard card) {
        super(card);
        title.getStyleClass().add("card-title");
        for (Label l : new Label[] {title, iter, state}) {
            l.setMinWidth(Region.USE_PREF_SIZE);
        }
        iter.getStyleClass().add("card-tag");
        state.getStyleClass().add("work-state");
        body.getChildren().addAll(title, iter, state);
        refresh();
    }

    @Override
    protected void update(CsumWork k) {
        title.setText("work " + k.id() + " (for " + k.bio() + ")");
        // The copy of bi_iter the worker walks (S004): taken at queue time, before submission empties the bio's own.
        iter.setText(
                k.savedIter() >= 0
                        ? "csum_saved_iter {\n  bi_size " + BioIter.bytes((long) k.savedIter() * BioIter.BVEC_BYTES)
                                + ", " + k.savedIter() + " block" + (k.savedIter() == 1 ? "" : "s") + " }"
                        : "no csum_saved_iter:\nwalks " + k.bio() + "'s live bi_iter");
        state.setText(
                k.done()
                        ? "✓ csum_done · checksummed " + k.covered() + " block" + (k.covered() == 1 ? "" : "s")
                        : "▷ queued for the kworker");
        getSkinnable().pseudoClassStateChanged(DONE, k.done());
    }

    @Override
    protected String describe(CsumWork k) {
        return k == null ? "work" : title.getText() + ", " + iter.getText() + ", " + state.getText();
    }
}
