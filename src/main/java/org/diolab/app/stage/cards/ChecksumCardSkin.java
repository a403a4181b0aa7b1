package org.diolab.app.stage.cards;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import javafx.css.PseudoClass;
import javafx.scene.control.Label;
import javafx.scene.layout.Region;
import org.diolab.app.stage.cast.ChecksumTable;
import org.diolab.app.stage.layout.Anchor;
import org.diolab.engine.model.Crc32c;

/** Draws a {@link ChecksumCard}. */
final class ChecksumCardSkin extends StageCardSkin<ChecksumTable, ChecksumCard> {
    private static final PseudoClass CHANGED = PseudoClass.getPseudoClass("changed");
    private static final PseudoClass VIOLATED = PseudoClass.getPseudoClass("violated");
    private final Label title = new Label();
    private final Label none = new Label("no data checksums: nothing verifies what the device stores");
    private final Map<Integer, Label> rows = new HashMap<>();
    private RowCrowd crowd;

    ChecksumCardSkin(ChecksumCard card) {
        super(card);
        title.getStyleClass().add("card-title");
        title.setMinWidth(Region.USE_PREF_SIZE);
        none.getStyleClass().add("card-tag");
        none.setWrapText(true);
        none.setMinHeight(Region.USE_PREF_SIZE);
        none.setPrefWidth(200);
        registerChangeListener(card.blocksProperty(), e -> rebuild());
        registerChangeListener(card.crowdRowsProperty(), e -> rebuild());
        registerChangeListener(card.changedRowsProperty(), e -> refresh());
        registerChangeListener(card.violatedRowsProperty(), e -> refresh());
        rebuild();
    }

    private void rebuild() {
        rows.clear();
        body.getChildren().setAll(title);
        if (getSkinnable().valueProperty().get().nodatasum()) {
            body.getChildren().add(none);
        }
        Set<Integer> crowded = getSkinnable().crowdRowsProperty().get();
        crowd = null;
        for (int n : getSkinnable().blocksProperty().get()) {
            if (crowded.contains(n)) {
                continue;
            }
            Label row = new Label();
            row.getStyleClass().add("csum-row");
            row.setMinWidth(Region.USE_PREF_SIZE);
            rows.put(n, row);
            body.getChildren().add(Anchor.mark(row, new Anchor.CsumRow(n)));
        }
        if (!crowded.isEmpty()) {
            List<Integer> numbers = getSkinnable().blocksProperty().get().stream()
                    .filter(crowded::contains)
                    .toList();
            crowd = Anchor.mark(new RowCrowd("block checksum", numbers), new Anchor.CsumRows());
            body.getChildren().add(crowd);
        }
        refresh();
    }

    @Override
    protected void update(ChecksumTable t) {
        title.setText(t.nodatasum() ? "file · nodatasum" : "file · checksum table (crc32c)");
        ChecksumCard card = getSkinnable();
        rows.forEach((n, row) -> {
            row.setText(text(t, n));
            row.pseudoClassStateChanged(
                    CHANGED, card.changedRowsProperty().get().contains(n));
            row.pseudoClassStateChanged(
                    VIOLATED, card.violatedRowsProperty().get().contains(n));
        });
        if (crowd != null) {
            crowd.show(
                    n -> card.violatedRowsProperty().get().contains(n)
                            ? CellGrid.Look.BAD
                            : t.csums().containsKey(n) ? CellGrid.Look.PLAIN : CellGrid.Look.NONE,
                    n -> card.changedRowsProperty().get().contains(n),
                    n -> text(t, n));
        }
    }

    private static String text(ChecksumTable t, int n) {
        Long crc = t.csums().get(n);
        return "block " + n + ": " + (crc == null ? "— none yet" : Crc32c.hex(crc));
    }

    @Override
    protected String describe(ChecksumTable t) {
        return t == null ? "checksums" : title.getText();
    }
}
