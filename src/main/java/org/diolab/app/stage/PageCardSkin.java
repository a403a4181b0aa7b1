package org.diolab.app.stage;

import javafx.css.PseudoClass;
import javafx.scene.control.Label;
import javafx.scene.control.SkinBase;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import org.diolab.engine.model.Page;
import org.diolab.engine.model.PageKind;
import org.kordamp.ikonli.javafx.FontIcon;
import org.kordamp.ikonli.materialdesign2.MaterialDesignP;

/** Draws a {@link PageCard}: header (id, owner), byte cells, pin count. */
final class PageCardSkin extends SkinBase<PageCard> {
    private static final PseudoClass CHANGED = PseudoClass.getPseudoClass("changed");
    private static final PseudoClass PINNED = PseudoClass.getPseudoClass("pinned");
    private static final PseudoClass BOUNCE = PseudoClass.getPseudoClass("bounce");
    private static final PseudoClass FREED = PseudoClass.getPseudoClass("freed");
    private static final PseudoClass WRITEBACK = PseudoClass.getPseudoClass("writeback");

    private final Label id = new Label();
    private final Label kind = new Label();
    private final ByteCells bytes = new ByteCells();
    private final Label pins = new Label();
    private final Label state = new Label();

    PageCardSkin(PageCard card) {
        super(card);
        id.getStyleClass().add("card-title");
        kind.getStyleClass().add("card-tag");
        pins.getStyleClass().add("pin-count");
        pins.setGraphic(new FontIcon(MaterialDesignP.PIN));
        Region grow = new Region();
        HBox.setHgrow(grow, Priority.ALWAYS);
        HBox header = new HBox(6, id, grow, kind);
        state.getStyleClass().add("page-state");
        state.setWrapText(true);
        state.setMinHeight(javafx.scene.layout.Region.USE_PREF_SIZE);
        VBox box = new VBox(6, header, bytes, pins, state);
        box.getStyleClass().add("card-body");
        getChildren().add(box);
        registerChangeListener(card.pageProperty(), e -> update());
        registerChangeListener(card.changedProperty(), e -> update());
        update();
    }

    private void update() {
        PageCard card = getSkinnable();
        Page p = card.pageProperty().get();
        id.setText(p.id());
        kind.setText(p.kind().label());
        bytes.show(p.bytes());
        pins.setText(p.freed() ? "freed" : "pins: " + p.pins());
        java.util.List<String> notes = new java.util.ArrayList<>();
        p.flags().forEach(f -> notes.add(f.label()));
        if (p.writeProtected()) {
            notes.add("mapping read-only");
        }
        if (p.exclusiveHolder() != null) {
            notes.add("exclusive: " + p.exclusiveHolder());
        }
        if (p.kind() == PageKind.PAGE_CACHE) {
            notes.add("caches block " + p.block());
        }
        state.setText(String.join(" · ", notes));
        state.setVisible(!notes.isEmpty());
        state.setManaged(!notes.isEmpty());
        card.pseudoClassStateChanged(WRITEBACK, p.has(org.diolab.engine.model.PageFlag.WRITEBACK));
        card.pseudoClassStateChanged(CHANGED, card.changedProperty().get());
        card.pseudoClassStateChanged(PINNED, p.pins() > 0);
        card.pseudoClassStateChanged(BOUNCE, p.kind() == PageKind.BOUNCE);
        card.pseudoClassStateChanged(FREED, p.freed());
        card.setAccessibleText(p.kind().label() + " " + p.id() + " holds " + p.bytes() + ", " + pins.getText()
                + (notes.isEmpty() ? "" : ", " + state.getText()));
    }
}
