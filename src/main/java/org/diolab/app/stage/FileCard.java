package org.diolab.app.stage;

import java.util.Map;
import javafx.scene.control.Label;
import javafx.scene.layout.VBox;
import org.diolab.engine.model.Crc32c;
import org.diolab.engine.model.World;

/** The file's checksum state: "nodatasum" (nothing will notice bad data) or the checksum table, block by block. */
final class FileCard extends VBox {
    private final Label title = new Label();
    private final VBox rows = new VBox(2);

    FileCard() {
        super(6);
        getStyleClass().addAll("file-card", "card-body");
        title.getStyleClass().add("card-title");
        getChildren().addAll(title, rows);
    }

    void show(World w, java.util.Set<String> changed) {
        rows.getChildren().clear();
        if (w.inode().nodatasum()) {
            title.setText("file · nodatasum");
            Label none = new Label("no data checksums: nothing verifies what the legs store");
            none.getStyleClass().add("card-tag");
            rows.getChildren().add(none);
            return;
        }
        title.setText("file · checksum table (crc32c)");
        if (w.csums().isEmpty()) {
            Label empty = new Label("no checksums computed yet");
            empty.getStyleClass().add("card-tag");
            rows.getChildren().add(empty);
        }
        for (Map.Entry<Integer, Long> e : w.csums().entrySet()) {
            Label row = new Label("block " + e.getKey() + ": " + Crc32c.hex(e.getValue()));
            row.getStyleClass().add("csum-row");
            row.pseudoClassStateChanged(javafx.css.PseudoClass.getPseudoClass("changed"),
                    changed.contains("csum:" + e.getKey()));
            rows.getChildren().add(row);
        }
    }
}
