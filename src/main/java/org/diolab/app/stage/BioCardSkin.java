package org.diolab.app.stage;

import javafx.css.PseudoClass;
import javafx.scene.control.Label;
import javafx.scene.control.SkinBase;
import javafx.scene.layout.HBox;
import javafx.scene.layout.VBox;
import org.diolab.engine.model.Bio;
import org.diolab.engine.model.BioOp;
import org.diolab.engine.model.BioState;

/** Draws a {@link BioCard}: "write w1 → block 0 · submitted" and one chip per bvec. */
final class BioCardSkin extends SkinBase<BioCard> {
    private static final PseudoClass CHANGED = PseudoClass.getPseudoClass("changed");
    private static final PseudoClass CLONE = PseudoClass.getPseudoClass("clone");
    private static final PseudoClass DONE = PseudoClass.getPseudoClass("done");

    private final Label title = new Label();
    private final Label state = new Label();
    private final HBox bvecs = new HBox(4);
    private final Label sums = new Label();

    BioCardSkin(BioCard card) {
        super(card);
        title.getStyleClass().add("card-title");
        state.getStyleClass().add("card-tag");
        bvecs.getStyleClass().add("bvecs");
        sums.getStyleClass().add("bio-sums");
        VBox box = new VBox(6, new HBox(6, title, state), bvecs, sums);
        box.getStyleClass().add("card-body");
        getChildren().add(box);
        registerChangeListener(card.bioProperty(), e -> update());
        registerChangeListener(card.changedProperty(), e -> update());
        update();
    }

    private void update() {
        BioCard card = getSkinnable();
        Bio b = card.bioProperty().get();
        String dir = b.op() == BioOp.WRITE ? "write" : "read";
        title.setText((b.isClone() ? "clone " : "bio ") + b.id());
        state.setText(dir + " · block " + b.block() + " · " + stateText(b));
        bvecs.getChildren().clear();
        for (int i = 0; i < b.pages().size(); i++) {
            Label chip = new Label("bvec" + i + " → " + b.pages().get(i));
            chip.getStyleClass().add("bvec-chip");
            bvecs.getChildren().add(Anchors.mark(chip, "bvec:" + b.id() + "/" + i));
        }
        String what = b.op() == BioOp.READ ? "expected sums (looked up at submit): " : "sums (inserted at end_io): ";
        sums.setText(b.sums().isEmpty() ? "" : what + String.join(", ", b.sums().entrySet()
                .stream().map(e -> "block " + e.getKey() + " " + org.diolab.engine.model.Crc32c.hex(e.getValue()))
                .toList()));
        sums.setVisible(!b.sums().isEmpty());
        sums.setManaged(!b.sums().isEmpty());
        card.pseudoClassStateChanged(CHANGED, card.changedProperty().get());
        card.pseudoClassStateChanged(CLONE, b.isClone());
        card.pseudoClassStateChanged(DONE, b.state() == BioState.DONE);
        card.setAccessibleText(title.getText() + ", " + state.getText());
    }

    private static String stateText(Bio b) {
        return switch (b.state()) {
            case BUILT -> "built";
            case SUBMITTED -> b.isClone() ? "queued on " + b.target() : "submitted";
            case DONE -> "done";
        };
    }
}
