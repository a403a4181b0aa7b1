package org.diolab.app.stage.cards;

import java.util.List;
import javafx.scene.control.Label;
import javafx.scene.layout.HBox;

/** A row of byte cells, one per modelled byte, so a learner sees data as memory rather than as a string. */
public final class ByteCells extends HBox {
    public ByteCells() {
        getStyleClass().add("byte-cells");
        setFillHeight(false);
    }

    public void show(String bytes) {
        if (getChildren().size() != bytes.length()) {
            getChildren().clear();
            for (int i = 0; i < bytes.length(); i++) {
                Label cell = new Label();
                cell.getStyleClass().add("byte-cell");
                cell.setMinWidth(USE_PREF_SIZE);
                getChildren().add(cell);
            }
        }
        for (int i = 0; i < bytes.length(); i++) {
            cell(i).setText(String.valueOf(bytes.charAt(i)));
        }
        setAccessibleText(bytes);
    }

    /** The bytes on show now (mid-transition, some may already be the new ones). */
    public String text() {
        StringBuilder b = new StringBuilder();
        cells().forEach(c -> b.append(c.getText()));
        return b.toString();
    }

    /** The cell of byte {@code i}. */
    public Label cell(int i) {
        return (Label) getChildren().get(i);
    }

    public List<Label> cells() {
        return getChildren().stream().map(Label.class::cast).toList();
    }
}
