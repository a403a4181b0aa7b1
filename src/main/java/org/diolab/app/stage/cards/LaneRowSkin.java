package org.diolab.app.stage.cards;

import javafx.css.PseudoClass;
import javafx.geometry.Pos;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.SkinBase;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.FlowPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import org.diolab.app.stage.cast.ActorLane;
import org.diolab.app.stage.cast.ChipState;
import org.diolab.app.stage.cast.LaneState;
import org.diolab.app.stage.cast.StepChip;

/** Draws a {@link LaneRow}: [Step] · name and title · state · step chips. */
final class LaneRowSkin extends SkinBase<LaneRow> {
    private static final double NAME_WIDTH = LaneRow.NAME_WIDTH;
    private static final double STATE_WIDTH = LaneRow.STATE_WIDTH;
    private static final double CHIPS_WIDTH = LaneRow.CHIPS_WIDTH;
    private static final double TITLE_MIN = LaneRow.TITLE_MIN;
    private static final PseudoClass ACTED = PseudoClass.getPseudoClass("acted");

    private final Button step = new Button("Step");
    private final Label name = new Label();
    private final Label title = new Label();
    private final Label state = new Label();
    /** The path of steps keeps one row as long as it can; the title takes what is left, wrapping. */
    private final FlowPane chips = new FlowPane(4, 4) {
        @Override
        protected double computeMinWidth(double height) {
            return Math.min(CHIPS_WIDTH, computePrefWidth(height));
        }
    };

    private final HBox row;

    LaneRowSkin(LaneRow lane) {
        super(lane);
        name.getStyleClass().add("lane-name");
        name.setMinWidth(Region.USE_PREF_SIZE);
        name.setMinWidth(NAME_WIDTH);
        title.getStyleClass().add("lane-title");
        title.setWrapText(true);
        title.setMinHeight(Region.USE_PREF_SIZE);
        title.setMinWidth(TITLE_MIN);
        title.setMaxWidth(Double.MAX_VALUE);
        HBox.setHgrow(title, Priority.ALWAYS);
        state.getStyleClass().add("lane-state");
        state.setWrapText(true);
        state.setMinHeight(Region.USE_PREF_SIZE);
        state.setMinWidth(STATE_WIDTH);
        state.setPrefWidth(STATE_WIDTH);
        state.setMaxWidth(STATE_WIDTH);
        chips.getStyleClass().add("lane-steps");
        chips.setAlignment(Pos.CENTER_LEFT);
        chips.setPrefWrapLength(10_000); // prefer one row: the preferred width is the whole path's
        step.getStyleClass().add("lane-step");
        step.setMinWidth(Region.USE_PREF_SIZE);
        step.setOnAction(e -> {
            if (lane.onStepProperty().get() != null) {
                lane.onStepProperty().get().accept(lane.laneProperty().get().id());
            }
        });
        row = new HBox(12, step, name, state, chips, title);
        row.setAlignment(Pos.CENTER_LEFT);
        row.getStyleClass().add("lane-row");
        getChildren().add(row);
        registerChangeListener(lane.laneProperty(), e -> update());
        registerChangeListener(lane.actedProperty(), e -> update());
        registerChangeListener(lane.onStepProperty(), e -> update());
        update();
    }

    private void update() {
        LaneRow control = getSkinnable();
        ActorLane lane = control.laneProperty().get();
        if (lane == null) {
            return;
        }
        name.setText(lane.id());
        title.setText(lane.title());
        state.setText(lane.status());
        if (!lane.shortNote().equals(lane.note())) {
            state.setTooltip(new Tooltip(lane.note()));
        } else if (state.getTooltip() != null) {
            state.setTooltip(null);
        }
        for (LaneState s : LaneState.values()) {
            PseudoClass pc = PseudoClass.getPseudoClass(s.css());
            state.pseudoClassStateChanged(pc, lane.state() == s);
            control.pseudoClassStateChanged(pc, lane.state() == s);
        }
        showChips(lane.steps());
        boolean scheduling = control.onStepProperty().get() != null;
        step.setVisible(scheduling);
        step.setManaged(scheduling);
        step.setId("step-" + lane.id());
        step.setDisable(lane.state() != LaneState.READY);
        control.pseudoClassStateChanged(ACTED, control.actedProperty().get());
        control.setAccessibleText(lane.id() + ": " + lane.state().label() + ", " + lane.note());
    }

    /** Updates the chips in place (new labels every step would cost a CSS pass each). */
    private void showChips(java.util.List<StepChip> steps) {
        var nodes = chips.getChildren();
        while (nodes.size() > steps.size()) {
            nodes.removeLast();
        }
        while (nodes.size() < steps.size()) {
            Label l = new Label();
            l.getStyleClass().add("step-chip");
            l.setMinWidth(Region.USE_PREF_SIZE);
            nodes.add(l);
        }
        for (int i = 0; i < steps.size(); i++) {
            StepChip c = steps.get(i);
            Label l = (Label) nodes.get(i);
            l.setText(c.label());
            for (ChipState s : ChipState.values()) {
                l.pseudoClassStateChanged(PseudoClass.getPseudoClass(s.css()), c.state() == s);
            }
            String folded = "not taken in this run: " + String.join(", ", c.folded());
            if (c.state() == ChipState.SKIPPED
                    && (l.getTooltip() == null || !l.getTooltip().getText().equals(folded))) {
                l.setTooltip(new Tooltip(folded));
            } else if (c.state() != ChipState.SKIPPED && l.getTooltip() != null) {
                l.setTooltip(null);
            }
            l.setAccessibleText(
                    c.state() == ChipState.SKIPPED
                            ? folded
                            : c.label() + ", " + c.state().css());
        }
    }

    @Override
    protected void layoutChildren(double x, double y, double w, double h) {
        row.resizeRelocate(x, y, w, h);
    }

    /** Heights depend on the width: chips and the title wrap (SkinBase's default would measure them unwrapped). */
    @Override
    protected double computePrefHeight(double width, double top, double right, double bottom, double left) {
        return top + row.prefHeight(width < 0 ? -1 : width - left - right) + bottom;
    }

    @Override
    protected double computeMinHeight(double width, double top, double right, double bottom, double left) {
        return computePrefHeight(width, top, right, bottom, left);
    }
}
