package org.diolab.app.stage;

import java.util.List;
import javafx.css.PseudoClass;
import javafx.scene.control.Label;
import javafx.scene.layout.FlowPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;

/**
 * One lane per actor: who it is, whether it runs, waits or is done, and its micro-steps with the next one marked —
 * a debugger's view of the interleaving.
 */
public final class ActorLanes extends VBox {
    private static final PseudoClass ACTED = PseudoClass.getPseudoClass("acted");
    private static final PseudoClass DONE = PseudoClass.getPseudoClass("done");
    private static final PseudoClass NEXT = PseudoClass.getPseudoClass("next");

    public ActorLanes() {
        super(4);
        getStyleClass().add("actor-lanes");
    }

    /**
     * Shows {@code lanes}; the lane of {@code actedBy} is marked as the one that just stepped. With {@code onStep},
     * each lane gets a Step button (the learner is the scheduler); it is enabled only for actors that can run.
     */
    public void show(List<ActorLane> lanes, String actedBy, java.util.function.Consumer<String> onStep) {
        getChildren().clear();
        for (ActorLane lane : lanes) {
            Label name = new Label(lane.id());
            name.getStyleClass().add("lane-name");
            name.setMinWidth(javafx.scene.layout.Region.USE_PREF_SIZE);
            Label title = new Label(lane.title());
            title.getStyleClass().add("lane-title");
            title.setTooltip(new javafx.scene.control.Tooltip(lane.title()));
            HBox who = new HBox(6, name, title);
            who.getStyleClass().add("lane-who");
            Label state = new Label(lane.state() + " · " + lane.note());
            state.getStyleClass().addAll("lane-state", "state-" + lane.state());
            FlowPane steps = new FlowPane(3, 3);
            steps.getStyleClass().add("lane-steps");
            for (int i = 0; i < lane.steps().size(); i++) {
                Label step = new Label(lane.steps().get(i));
                step.getStyleClass().add("step-chip");
                step.pseudoClassStateChanged(DONE, i < lane.pc());
                step.pseudoClassStateChanged(NEXT, i == lane.pc());
                steps.getChildren().add(step);
            }
            HBox.setHgrow(steps, Priority.ALWAYS);
            HBox row = new HBox(10, who, steps, state);
            if (onStep != null) {
                javafx.scene.control.Button step = new javafx.scene.control.Button("Step");
                step.setId("step-" + lane.id());
                step.getStyleClass().add("lane-step");
                step.setMinWidth(javafx.scene.layout.Region.USE_PREF_SIZE);
                step.setFocusTraversable(false);
                step.setDisable(!lane.state().equals("ready"));
                step.setOnAction(e -> onStep.accept(lane.id()));
                row.getChildren().addFirst(step);
            }
            row.getStyleClass().add("lane");
            row.pseudoClassStateChanged(ACTED, lane.id().equals(actedBy));
            row.setAccessibleText(lane.id() + ": " + lane.state() + ", " + lane.note());
            getChildren().add(row);
        }
    }
}
