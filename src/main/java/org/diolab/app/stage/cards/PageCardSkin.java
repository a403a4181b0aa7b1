package org.diolab.app.stage.cards;

import java.util.ArrayList;
import java.util.List;
import javafx.css.PseudoClass;
import javafx.scene.control.Label;
import javafx.scene.layout.FlowPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import org.diolab.app.stage.layout.Anchor;
import org.diolab.engine.model.Page;
import org.diolab.engine.model.PageFlag;
import org.diolab.engine.model.PageKind;
import org.kordamp.ikonli.javafx.FontIcon;
import org.kordamp.ikonli.materialdesign2.MaterialDesignP;

/** Draws a {@link PageCard}: header (id, owner), byte cells, pin count, flags as chips. */
final class PageCardSkin extends StageCardSkin<Page, PageCard> {
    private static final PseudoClass PINNED = PseudoClass.getPseudoClass("pinned");
    private static final PseudoClass BOUNCE = PseudoClass.getPseudoClass("bounce");
    private static final PseudoClass CACHE = PseudoClass.getPseudoClass("cache");
    private static final PseudoClass FREED = PseudoClass.getPseudoClass("freed");
    private static final PseudoClass WRITEBACK = PseudoClass.getPseudoClass("writeback");
    private static final PseudoClass DIRTY = PseudoClass.getPseudoClass("dirty");

    private final Label id = new Label();
    private final Label kind = new Label();
    private final ByteCells bytes = new ByteCells();
    private final FontIcon pinIcon = new FontIcon(MaterialDesignP.PIN);
    private final Label pins = new Label();
    private final FlowPane flags = new FlowPane(4, 4);

    PageCardSkin(PageCard card) {
        super(card);
        id.getStyleClass().add("card-title");
        id.setMinWidth(Region.USE_PREF_SIZE);
        kind.getStyleClass().add("card-tag");
        kind.setMinWidth(Region.USE_PREF_SIZE);
        pins.getStyleClass().add("pin-count");
        String page = card.valueProperty().get().id();
        pins.setGraphic(Anchor.mark(pinIcon, new Anchor.Pin(page)));
        pins.setMinWidth(Region.USE_PREF_SIZE);
        flags.setPrefWrapLength(150);
        flags.getStyleClass().add("flag-row");
        Region grow = new Region();
        HBox.setHgrow(grow, Priority.ALWAYS);
        HBox header = new HBox(8, id, pins, grow, kind);
        header.setAlignment(javafx.geometry.Pos.CENTER_LEFT);
        body.getChildren().addAll(header, Anchor.mark(bytes, new Anchor.PageBytes(page)), flags);
        refresh();
    }

    @Override
    protected void update(Page p) {
        PageCard card = getSkinnable();
        id.setText(p.id());
        kind.setText(p.kind().label());
        bytes.show(p.bytes());
        pins.setText(p.freed() ? "freed" : p.pins() == 0 ? "0" : "×" + p.pins());
        List<String> notes = new ArrayList<>();
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
        if (!notes.equals(
                flags.getChildren().stream().map(n -> ((Label) n).getText()).toList())) {
            flags.getChildren().setAll(notes.stream().map(PageCardSkin::chip).toList());
        }
        flags.setVisible(!notes.isEmpty());
        flags.setManaged(!notes.isEmpty());
        card.pseudoClassStateChanged(WRITEBACK, p.has(PageFlag.WRITEBACK));
        card.pseudoClassStateChanged(DIRTY, p.has(PageFlag.DIRTY));
        card.pseudoClassStateChanged(PINNED, p.pins() > 0);
        card.pseudoClassStateChanged(BOUNCE, p.kind() == PageKind.BOUNCE);
        card.pseudoClassStateChanged(CACHE, p.kind() == PageKind.PAGE_CACHE);
        card.pseudoClassStateChanged(FREED, p.freed());
    }

    @Override
    protected String describe(Page p) {
        return p == null
                ? "page"
                : p.kind().label() + " " + p.id() + " holds " + p.bytes() + ", "
                        + (p.freed() ? "freed" : p.pins() + " pin(s)")
                        + (flags.getChildren().isEmpty()
                                ? ""
                                : ", "
                                        + String.join(
                                                ", ",
                                                flags.getChildren().stream()
                                                        .map(n -> ((Label) n).getText())
                                                        .toList()));
    }

    private static Label chip(String text) {
        Label l = new Label(text);
        l.getStyleClass().add("flag-chip");
        l.setMinWidth(Region.USE_PREF_SIZE);
        return l;
    }
}
