package org.diolab.app.stage.cards;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import javafx.css.PseudoClass;
import javafx.geometry.Pos;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import org.diolab.app.stage.cast.ActorLane;
import org.diolab.app.stage.cast.LaneState;
import org.diolab.app.stage.layout.Anchor;
import org.diolab.engine.model.Crc32c;
import org.diolab.engine.model.Device;
import org.kordamp.ikonli.javafx.FontIcon;
import org.kordamp.ikonli.materialdesign2.MaterialDesignH;

/** Draws a {@link DeviceCard}: title and DMA engine state, one row per block, the queue. */
final class DeviceCardSkin extends StageCardSkin<Device, DeviceCard> {
    private static final PseudoClass CHANGED = PseudoClass.getPseudoClass("changed");
    private static final PseudoClass VIOLATED = PseudoClass.getPseudoClass("violated");

    /** The queue's width before it wraps (the blocks' rows are wider). */
    private static final double QUEUE_WIDTH = 150;

    private final Label title = new Label();
    /** "stable writes" under the title rather than beside it: the card stays as narrow as its blocks' rows. */
    private final Label kind = new Label("stable writes");

    private final Label engine = new Label();
    private final Button step = new Button("Step");
    private final VBox rows = new VBox(4);
    private final Label queue = new Label();
    private final Map<Integer, ByteCells> cells = new HashMap<>();
    private final Map<Integer, Label> crcs = new HashMap<>();
    private final Map<Integer, Label> marks = new HashMap<>();
    private RowCrowd crowd;

    DeviceCardSkin(DeviceCard card) {
        super(card);
        title.getStyleClass().add("card-title");
        title.setGraphic(new FontIcon(MaterialDesignH.HARDDISK));
        title.setMinWidth(Region.USE_PREF_SIZE);
        engine.getStyleClass().add("engine-state");
        engine.setMinWidth(Region.USE_PREF_SIZE);
        queue.getStyleClass().add("card-tag");
        // A queue of several bios wraps at the blocks' width rather than widening the card.
        queue.setWrapText(true);
        queue.setPrefWidth(QUEUE_WIDTH);
        queue.setMinHeight(Region.USE_PREF_SIZE);
        step.getStyleClass().add("lane-step");
        step.setMinWidth(Region.USE_PREF_SIZE);
        step.setOnAction(e -> {
            if (card.onStepProperty().get() != null) {
                card.onStepProperty().get().accept(card.valueProperty().get().id());
            }
        });
        Region grow = new Region();
        HBox.setHgrow(grow, Priority.ALWAYS);
        HBox header = new HBox(8, title, grow, engine, step);
        header.setAlignment(Pos.CENTER_LEFT);
        kind.getStyleClass().add("card-tag");
        kind.setMinWidth(Region.USE_PREF_SIZE);
        body.getChildren().addAll(header, kind, rows, queue);
        registerChangeListener(card.blocksProperty(), e -> rebuildRows());
        registerChangeListener(card.crowdBlocksProperty(), e -> rebuildRows());
        registerChangeListener(card.laneProperty(), e -> refresh());
        registerChangeListener(card.changedBlocksProperty(), e -> refresh());
        registerChangeListener(card.blockMarksProperty(), e -> refresh());
        registerChangeListener(card.onStepProperty(), e -> refresh());
        rebuildRows();
    }

    private void rebuildRows() {
        DeviceCard card = getSkinnable();
        rows.getChildren().clear();
        cells.clear();
        crcs.clear();
        marks.clear();
        Device d = card.valueProperty().get();
        Set<Integer> crowded = card.crowdBlocksProperty().get();
        crowd = null;
        for (int n : card.blocksProperty().get()) {
            if (crowded.contains(n)) {
                continue;
            }
            Label name = new Label("block " + n);
            name.getStyleClass().add("block-name");
            name.setMinWidth(Region.USE_PREF_SIZE);
            ByteCells bytes = new ByteCells();
            Label crc = new Label();
            crc.getStyleClass().add("crc");
            crc.setMinWidth(Region.USE_PREF_SIZE);
            Label mark = new Label();
            mark.getStyleClass().add("block-mark");
            mark.setMinWidth(Region.USE_PREF_SIZE);
            BlockRow row = new BlockRow(
                    name,
                    Anchor.mark(bytes, new Anchor.BlockBytes(d.id(), n)),
                    Anchor.mark(crc, new Anchor.Crc(d.id(), n)),
                    mark);
            rows.getChildren().add(Anchor.mark(row, new Anchor.BlockRow(d.id(), n)));
            cells.put(n, bytes);
            crcs.put(n, crc);
            marks.put(n, mark);
        }
        if (!crowded.isEmpty()) {
            List<Integer> numbers = card.blocksProperty().get().stream()
                    .filter(crowded::contains)
                    .toList();
            crowd = Anchor.mark(new RowCrowd("block", numbers), new Anchor.Blocks(d.id()));
            rows.getChildren().add(crowd);
        }
        refresh();
    }

    @Override
    protected void update(Device d) {
        DeviceCard card = getSkinnable();
        title.setText(d.id());
        kind.setVisible(d.stableWrites());
        kind.setManaged(d.stableWrites());
        ActorLane lane = card.laneProperty().get();
        engine.setText(lane == null ? "" : lane.status());
        for (LaneState s : LaneState.values()) {
            engine.pseudoClassStateChanged(PseudoClass.getPseudoClass(s.css()), lane != null && lane.state() == s);
        }
        boolean scheduling = card.onStepProperty().get() != null;
        step.setVisible(scheduling);
        step.setManaged(scheduling);
        step.setId("step-" + d.id());
        step.setDisable(lane == null || lane.state() != LaneState.READY);
        queue.setText(d.queue().isEmpty() ? "queue: empty" : "queue: " + String.join(", ", d.queue()));
        List<Integer> blocks = card.blocksProperty().get().stream()
                .filter(b -> !card.crowdBlocksProperty().get().contains(b))
                .toList();
        for (int i = 0; i < rows.getChildren().size() && i < blocks.size(); i++) {
            int n = blocks.get(i);
            javafx.scene.Node row = rows.getChildren().get(i);
            String bytes = d.blocks().get(n);
            cells.get(n).show(bytes == null ? "–" : bytes);
            crcs.get(n).setText(bytes == null ? "no data" : "crc " + Crc32c.hex(Crc32c.of(bytes)));
            String mark = card.blockMarksProperty().get().get(n);
            marks.get(n).setText(mark == null ? "" : mark);
            marks.get(n).setVisible(mark != null);
            row.pseudoClassStateChanged(
                    CHANGED, card.changedBlocksProperty().get().contains(n));
            row.pseudoClassStateChanged(VIOLATED, mark != null);
            row.setAccessibleText(d.id() + " block " + n + " holds " + bytes + (mark == null ? "" : ", " + mark));
        }
        if (crowd != null) {
            Map<Integer, String> blockMarks = card.blockMarksProperty().get();
            crowd.show(
                    n -> blockMarks.containsKey(n)
                            ? CellGrid.Look.BAD
                            : d.blocks().containsKey(n) ? CellGrid.Look.PLAIN : CellGrid.Look.NONE,
                    n -> card.changedBlocksProperty().get().contains(n),
                    n -> blockTip(d, n, blockMarks.get(n)));
        }
    }

    private static String blockTip(Device d, int n, String mark) {
        String bytes = d.blocks().get(n);
        return d.id() + " block " + n
                + (bytes == null ? " · no data" : " · holds " + bytes + " · crc " + Crc32c.hex(Crc32c.of(bytes)))
                + (mark == null ? "" : " · " + mark);
    }

    @Override
    protected String describe(Device d) {
        return d == null ? "device" : "device " + d.id() + ", " + engine.getText() + ", " + queue.getText();
    }
}
