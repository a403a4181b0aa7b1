package org.diolab.app.stage;

import javafx.css.PseudoClass;
import javafx.scene.control.Label;
import javafx.scene.control.SkinBase;
import javafx.scene.layout.HBox;
import javafx.scene.layout.VBox;
import org.diolab.engine.model.Crc32c;
import org.diolab.engine.model.Device;
import org.kordamp.ikonli.javafx.FontIcon;
import org.kordamp.ikonli.materialdesign2.MaterialDesignH;

/** Draws a {@link LegCard}: title, DMA queue, one row per block. */
final class LegCardSkin extends SkinBase<LegCard> {
    private static final PseudoClass CHANGED = PseudoClass.getPseudoClass("changed");
    private static final PseudoClass VIOLATED = PseudoClass.getPseudoClass("violated");

    private final Label title = new Label();
    private final Label queue = new Label();
    private final VBox rows = new VBox(4);

    LegCardSkin(LegCard card) {
        super(card);
        title.getStyleClass().add("card-title");
        title.setGraphic(new FontIcon(MaterialDesignH.HARDDISK));
        queue.getStyleClass().add("card-tag");
        VBox box = new VBox(6, title, rows, queue);
        box.getStyleClass().add("card-body");
        getChildren().add(box);
        registerChangeListener(card.deviceProperty(), e -> update());
        registerChangeListener(card.changedBlocksProperty(), e -> update());
        registerChangeListener(card.flaggedBlocksProperty(), e -> update());
        update();
    }

    private void update() {
        LegCard card = getSkinnable();
        Device d = card.deviceProperty().get();
        title.setText(d.id());
        queue.setText(d.queue().isEmpty() ? "DMA queue: empty" : "DMA queue: " + String.join(", ", d.queue()));
        rows.getChildren().clear();
        d.blocks().forEach((n, bytes) -> {
            Label name = new Label("block " + n);
            name.getStyleClass().add("block-name");
            ByteCells cells = new ByteCells();
            cells.show(bytes);
            Label crc = new Label("crc32c " + Crc32c.hex(Crc32c.of(bytes)));
            crc.getStyleClass().add("crc");
            String flag = card.flaggedBlocksProperty().get().get(n);
            Label mark = new Label(flag == null ? "" : flag);
            mark.getStyleClass().add("diverged-mark");
            HBox line = new HBox(8, name, cells);
            line.setAlignment(javafx.geometry.Pos.CENTER_LEFT);
            VBox row = new VBox(2, line, new HBox(8, crc, mark));
            row.getStyleClass().add("block-row");
            row.pseudoClassStateChanged(CHANGED, card.changedBlocksProperty().get().contains(n));
            row.pseudoClassStateChanged(VIOLATED, flag != null);
            row.setAccessibleText(d.id() + " block " + n + " holds " + bytes + (flag == null ? "" : ", " + flag));
            rows.getChildren().add(Anchors.mark(row, "block:" + d.id() + "/" + n));
        });
    }
}
