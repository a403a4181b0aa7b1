package org.diolab.app.stage.cards;

import javafx.geometry.Pos;
import javafx.scene.control.Label;
import javafx.scene.layout.HBox;

/**
 * One block of a device on one line: its number, its bytes, their CRC32C, and the mark of a broken invariant
 * ("≠ legs differ"). The card is measured with the marks the run will show, so there is room for them.
 */
final class BlockRow extends HBox {
    BlockRow(Label name, ByteCells bytes, Label crc, Label mark) {
        super(8, name, bytes, crc, mark);
        setAlignment(Pos.CENTER_LEFT);
        getStyleClass().add("block-row");
    }
}
