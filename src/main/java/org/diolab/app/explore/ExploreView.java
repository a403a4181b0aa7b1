package org.diolab.app.explore;

import java.util.List;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.ProgressIndicator;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import org.diolab.app.lesson.LessonViewModel;
import org.diolab.app.lesson.RunMode;
import org.diolab.app.ui.Labels;

/**
 * The Explore tab: run the exhaustive explorer and replay a bad interleaving, or be the scheduler yourself and try to
 * break an invariant (or deadlock the system) by choosing who steps next.
 */
public final class ExploreView extends VBox {
    private final ExploreViewModel explore;
    private final LessonViewModel lessons;
    private final VBox results = new VBox(8);

    public ExploreView(ExploreViewModel explore, LessonViewModel lessons) {
        super(12);
        this.explore = explore;
        this.lessons = lessons;
        getStyleClass().add("explore-view");

        Label intro = Labels.wrapped(
                "The script shows one interleaving. The explorer tries them all, and shows the shortest "
                        + "one that breaks each invariant.",
                "explore-intro");
        Button run = new Button("Explore every interleaving");
        run.setId("explore-run");
        run.disableProperty().bind(explore.runningProperty());
        run.setOnAction(e -> explore.explore());
        Button cancel = new Button("Cancel");
        cancel.setId("explore-cancel");
        cancel.visibleProperty().bind(explore.runningProperty());
        cancel.setOnAction(e -> explore.cancel());
        ProgressIndicator spinner = new ProgressIndicator();
        spinner.setPrefSize(22, 22);
        spinner.visibleProperty().bind(explore.runningProperty());
        Label status = Labels.wrapped("", "explore-status");
        status.setId("explore-status");
        status.textProperty().bind(explore.statusProperty());
        explore.findingsProperty().addListener((o, a, list) -> showFindings(list));

        Label schedTitle = new Label("You are the scheduler");
        schedTitle.getStyleClass().add("section-title");
        Label schedIntro = Labels.wrapped(
                "Pick which thread or device steps next with the Step buttons on the stage. Can you "
                        + "break an invariant? Undo takes a step back.",
                "explore-intro");
        Button start = new Button("Schedule it myself");
        start.setId("schedule-start");
        start.setOnAction(e -> lessons.startScheduling());
        Button undo = new Button("Undo");
        undo.setId("schedule-undo");
        undo.setOnAction(e -> lessons.scheduling().undo());
        Button script = new Button("Back to the script");
        script.setId("schedule-script");
        script.setOnAction(e -> lessons.backToScript());
        Label refusal = Labels.wrapped("", "schedule-refusal");
        refusal.setId("schedule-refusal");
        refusal.textProperty().bind(lessons.scheduling().refusalProperty());
        Label mode = Labels.wrapped("", "schedule-mode");
        mode.setId("run-mode");
        java.util.function.Consumer<RunMode> showMode = m -> {
            mode.setText("Showing: " + m.label());
            undo.setDisable(m != RunMode.SCHEDULING);
            script.setDisable(m == RunMode.SCRIPT);
        };
        lessons.modeProperty().addListener((o, a, m) -> showMode.accept(m));
        undo.setDisable(true);
        script.setDisable(true);
        if (lessons.modeProperty().get() != RunMode.SCRIPT) {
            showMode.accept(lessons.modeProperty().get()); // made when the tab opens: scheduling or replaying already
        }
        lessons.snapshotProperty()
                .addListener((o, a, s) -> undo.setDisable(!lessons.scheduling().canUndo()));

        for (Button b : new Button[] {run, cancel, start, undo, script}) {
            b.setMinWidth(Region.USE_PREF_SIZE);
        }
        javafx.scene.layout.FlowPane schedButtons = new javafx.scene.layout.FlowPane(8, 8, start, undo, script);
        getChildren()
                .addAll(
                        intro,
                        new HBox(8, run, cancel, spinner),
                        status,
                        results,
                        schedTitle,
                        schedIntro,
                        schedButtons,
                        mode,
                        refusal);
    }

    private void showFindings(List<ExploreViewModel.Finding> list) {
        results.getChildren().clear();
        for (ExploreViewModel.Finding f : list) {
            Label name = new Label("✗ " + f.invariant() + " — " + f.schedule().size() + " steps");
            name.getStyleClass().add("finding-name");
            Label schedule = Labels.wrapped(f.spelled(), "finding-schedule");
            Label detail = Labels.wrapped(f.detail(), "finding-detail");
            Button replay = new Button("Replay this interleaving");
            replay.setId("replay-" + f.invariant());
            replay.setOnAction(e -> explore.replay(f));
            VBox box = new VBox(4, name, schedule, detail, replay);
            box.getStyleClass().add("finding");
            results.getChildren().add(box);
        }
    }
}
