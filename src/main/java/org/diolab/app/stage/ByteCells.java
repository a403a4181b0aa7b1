package org.diolab.app.stage;

import javafx.scene.control.Label;
import javafx.scene.layout.HBox;

/** A row of byte cells, one per modelled byte, so a learner sees data as memory rather than as a string. */
final class ByteCells extends HBox {
    ByteCells() {
        getStyleClass().add("byte-cells");
    }

    void show(String bytes) {
        if (getChildren().size() != bytes.length()) {
            getChildren().clear();
            for (int i = 0; i < bytes.length(); i++) {
                Label cell = new Label();
                cell.getStyleClass().add("byte-cell");
                getChildren().add(cell);
            }
        }
        for (int i = 0; i < bytes.length(); i++) {
            ((Label) getChildren().get(i)).setText(String.valueOf(bytes.charAt(i)));
        }
        setAccessibleText(bytes);
    }
}
