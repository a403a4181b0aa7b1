package org.diolab.app.stage.cards;

import javafx.css.PseudoClass;
import javafx.geometry.Pos;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.SkinBase;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.FlowPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Region;
import org.diolab.app.stage.cast.ActorLane;
import org.diolab.app.stage.cast.ChipState;
import org.diolab.app.stage.cast.LaneState;
import org.diolab.app.stage.cast.StepChip;

/**
 * Draws a {@link LaneRow} in one row: [Step] · name with its title under it · state · the current and the next
 * micro-step. The whole path is in the steps' tooltip: four lanes of every chip took the stage's width from its
 * objects; the title under the name rather than after the chips keeps a lane narrow enough (about 600 units) to be
 * framed with what it acts on at projector size.
 */
final class LaneRowSkin extends SkinBase<LaneRow> {
    private static final double NAME_WIDTH = LaneRow.NAME_WIDTH;
    private static final double STATE_WIDTH = LaneRow.STATE_WIDTH;
    private static final double TITLE_MIN = LaneRow.TITLE_MIN;
    private static final PseudoClass ACTED = PseudoClass.getPseudoClass("acted");

    private final Button step = new Button("Step");
    private final Label name = new Label();
    private final Label title = new Label();
    private final Label state = new Label();
    /** Two chips' room, as wide as the lane's two widest chips: the title's place never moves between steps. */
    private final FlowPane chips = new FlowPane(4, 4) {
        @Override
        protected double computeMinWidth(double height) {
            return windowWidth();
        }

        @Override
        protected double computePrefWidth(double height) {
            return windowWidth();
        }
    };

    private final Tooltip path = new Tooltip();

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
        title.setMaxWidth(LaneRow.TITLE_MAX);
        state.getStyleClass().add("lane-state");
        state.setWrapText(true);
        state.setMinHeight(Region.USE_PREF_SIZE);
        state.setMinWidth(STATE_WIDTH);
        state.setPrefWidth(STATE_WIDTH);
        state.setMaxWidth(STATE_WIDTH);
        chips.getStyleClass().add("lane-steps");
        chips.setAlignment(Pos.CENTER_LEFT);
        Tooltip.install(chips, path);
        step.getStyleClass().add("lane-step");
        step.setMinWidth(Region.USE_PREF_SIZE);
        step.setOnAction(e -> {
            if (lane.onStepProperty().get() != null) {
                lane.onStepProperty().get().accept(lane.laneProperty().get().id());
            }
        });
        javafx.scene.layout.VBox who = new javafx.scene.layout.VBox(0, name, title);
        who.getStyleClass().add("lane-who");
        who.setMaxWidth(LaneRow.TITLE_MAX);
        who.setMinWidth(Region.USE_PREF_SIZE);
        row = new HBox(12, step, who, state, chips);
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
        CardTips.label(title); // the title names the kernel's terms ("O_DIRECT", "i_rwsem"): their tips
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
        int[] w = window(steps);
        StringBuilder whole = new StringBuilder();
        for (int i = 0; i < steps.size(); i++) {
            StepChip c = steps.get(i);
            whole.append(i == 0 ? "" : " → ")
                    .append(c.label())
                    .append(c.state() == ChipState.DONE ? " ✓" : c.state() == ChipState.NEXT ? " ◀ next" : "");
        }
        String pathText = whole.toString();
        for (int i = 0; i < steps.size(); i++) {
            StepChip c = steps.get(i);
            Label l = (Label) nodes.get(i);
            l.setText(c.label());
            for (ChipState s : ChipState.values()) {
                l.pseudoClassStateChanged(PseudoClass.getPseudoClass(s.css()), c.state() == s);
            }
            boolean in = i >= w[0] && i < w[1];
            l.setVisible(in);
            l.setManaged(in);
            String folded = "not taken in this run: " + String.join(", ", c.folded());
            // A chip says what its step is (the glossary's entry for the label), then the lane's whole path.
            CardTips.tip(
                    l,
                    c.state() == ChipState.SKIPPED
                            ? folded + "\n\nThis lane: " + pathText
                            : CardTips.chip(c.label(), "This lane: " + pathText));
            l.setAccessibleText(
                    c.state() == ChipState.SKIPPED
                            ? folded
                            : c.label() + ", " + c.state().css());
        }
        if (!path.getText().equals(pathText)) {
            path.setText(pathText);
        }
    }

    /** The chips on show, [from, to): the one before the next (taken, or a folded branch) and the next. */
    static int[] window(java.util.List<StepChip> steps) {
        int next = -1;
        int lastDone = -1;
        for (int i = 0; i < steps.size(); i++) {
            if (steps.get(i).state() == ChipState.NEXT && next < 0) {
                next = i;
            }
            if (steps.get(i).state() == ChipState.DONE) {
                lastDone = i;
            }
        }
        int from = next >= 0 ? Math.max(0, next - 1) : Math.max(0, lastDone);
        return new int[] {from, Math.min(steps.size(), from + 2)};
    }

    /** Two of the lane's widest chips and the gap. */
    private double windowWidth() {
        double widest = 0;
        for (javafx.scene.Node n : chips.getChildren()) {
            widest = Math.max(widest, n.prefWidth(-1));
        }
        return Math.ceil(2 * widest + chips.getHgap() + chips.snappedLeftInset() + chips.snappedRightInset()) + 1;
    }

    /** How far from its left edge the lane's content reaches (the rest of its band is empty). */
    double usedWidth() {
        return getSkinnable().snappedLeftInset()
                + row.prefWidth(-1)
                + getSkinnable().snappedRightInset();
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
