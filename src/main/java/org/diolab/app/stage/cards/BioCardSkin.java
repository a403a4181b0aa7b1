package org.diolab.app.stage.cards;

import java.util.List;
import javafx.css.PseudoClass;
import javafx.scene.control.Label;
import javafx.scene.layout.FlowPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import org.diolab.app.stage.layout.Anchor;
import org.diolab.engine.model.Bio;
import org.diolab.engine.model.BioOp;
import org.diolab.engine.model.BioState;
import org.diolab.engine.model.Crc32c;

/** Draws a {@link BioCard}: "bio w1 · write → block 0", its state, one chip per bvec, the checksums it carries. */
final class BioCardSkin extends StageCardSkin<Bio, BioCard> {
    private static final PseudoClass CLONE = PseudoClass.getPseudoClass("clone");
    private static final PseudoClass DONE = PseudoClass.getPseudoClass("done");
    private static final PseudoClass READ = PseudoClass.getPseudoClass("read");

    private final Label title = new Label();
    private final Label state = new Label();
    private final Label what = new Label();
    private final FlowPane bvecs = new FlowPane(4, 4);
    private final Label sums = new Label();
    private final Label iter = new Label();
    private final HBox header;
    private final HBox chips;

    BioCardSkin(BioCard card) {
        super(card);
        title.getStyleClass().add("card-title");
        title.setMinWidth(Region.USE_PREF_SIZE);
        state.getStyleClass().add("bio-state");
        state.setMinWidth(Region.USE_PREF_SIZE);
        what.getStyleClass().add("card-tag");
        what.setMinWidth(Region.USE_PREF_SIZE);
        bvecs.setPrefWrapLength(60);
        bvecs.getStyleClass().add("bvecs");
        iter.getStyleClass().add("bio-iter");
        iter.setMinWidth(Region.USE_PREF_SIZE);
        sums.getStyleClass().add("bio-sums");
        sums.setWrapText(true);
        sums.setMinHeight(Region.USE_PREF_SIZE);
        header = new HBox(8, title, what);
        header.setAlignment(javafx.geometry.Pos.CENTER_LEFT);
        // The state sits at the end of the bvecs' line (a clone's one line has all three): beside the title it made
        // the card as wide as a sentence.
        HBox.setHgrow(bvecs, Priority.ALWAYS);
        chips = new HBox(8, bvecs, state);
        HBox.setHgrow(chips, Priority.ALWAYS);
        chips.setAlignment(javafx.geometry.Pos.CENTER_LEFT);
        body.getChildren()
                .addAll(
                        header,
                        chips,
                        Anchor.mark(
                                iter, new Anchor.Iter(card.valueProperty().get().id())),
                        sums);
        registerChangeListener(card.crowdedProperty(), e -> refresh());
        refresh();
    }

    @Override
    protected void update(Bio b) {
        BioCard card = getSkinnable();
        title.setText((b.isClone() ? "clone " : "bio ") + b.id());
        what.setText((b.op() == BioOp.WRITE ? "write → block " : "read ← block ")
                + b.block()
                + (b.isClone() ? "" : " · " + b.target()));
        state.setText(stateText(b));
        what.setVisible(!b.isClone());
        what.setManaged(!b.isClone());
        // A clone is one line: its name, the bvecs it shares, its state.
        if (b.isClone() != (chips.getParent() == header)) {
            ((javafx.scene.layout.Pane) chips.getParent()).getChildren().remove(chips);
            if (b.isClone()) {
                header.getChildren().add(chips);
            } else {
                body.getChildren().add(1, chips);
            }
        }
        // What S004 is about: submission advances the bio's own iterator to its end; a clone shares its original's
        // bvecs but walks them with an iterator of its own.
        iter.setText(BioIter.of(b).text(b.isClone() ? "own bi_iter" : "bi_iter"));
        sums.setVisible(!b.sums().isEmpty());
        sums.setManaged(!b.sums().isEmpty());
        List<BvecChips.Chip> chips = BvecChips.of(b, card.crowdedProperty().get());
        if (bvecs.getChildren().size() != chips.size()
                || !chips.stream()
                        .map(BvecChips.Chip::anchor)
                        .toList()
                        .equals(bvecs.getChildren().stream().map(Anchor::of).toList())) {
            bvecs.getChildren().clear();
            for (BvecChips.Chip c : chips) {
                Label chip = new Label();
                chip.getStyleClass().add("bvec-chip");
                chip.setMinWidth(Region.USE_PREF_SIZE);
                bvecs.getChildren().add(Anchor.mark(chip, c.anchor()));
            }
        }
        for (int i = 0; i < chips.size(); i++) {
            ((Label) bvecs.getChildren().get(i)).setText(chips.get(i).text());
        }
        String label = b.op() == BioOp.READ ? "expected sums: " : "sums: ";
        sums.setText(
                b.sums().isEmpty()
                        ? ""
                        : label
                                + String.join(
                                        ", ",
                                        b.sums().entrySet().stream()
                                                .map(e -> "block " + e.getKey() + " " + Crc32c.hex(e.getValue()))
                                                .toList()));
        card.pseudoClassStateChanged(CLONE, b.isClone());
        card.pseudoClassStateChanged(DONE, b.state() == BioState.DONE);
        card.pseudoClassStateChanged(READ, b.op() == BioOp.READ);
    }

    @Override
    protected String describe(Bio b) {
        return b == null ? "bio" : title.getText() + ", " + what.getText() + ", " + state.getText();
    }

    private static String stateText(Bio b) {
        return switch (b.state()) {
            case BUILT -> "◇ built";
            case SUBMITTED -> b.isClone() ? "▷ queued" : "▷ submitted";
            case DONE -> "✓ done";
        };
    }
}
