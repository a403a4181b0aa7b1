package org.diolab.app.stage.cards;

import javafx.geometry.Pos;
import javafx.scene.control.Label;
import javafx.scene.layout.HBox;
import javafx.scene.layout.VBox;

/**
 * One block of a device: its number and its bytes, and under them their CRC32C and the mark of a broken invariant
 * ("≠ legs differ"). Two lines, not one: a device card is then narrow enough to be framed, readable, beside the bio
 * that writes it. The card is measured with the marks the run will show, so there is room for them.
 */
final class BlockRow extends VBox {
    BlockRow(Label name, ByteCells bytes, Label crc, Label mark) {
        super(2, line(name, bytes), line(crc, mark));
        getStyleClass().add("block-row");
    }

    private static HBox line(javafx.scene.Node a, javafx.scene.Node b) {
        HBox l = new HBox(8, a, b);
        l.setAlignment(Pos.CENTER_LEFT);
        return l;
    }
}
