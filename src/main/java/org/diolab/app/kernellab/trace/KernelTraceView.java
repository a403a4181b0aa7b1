package org.diolab.app.kernellab.trace;

import java.util.List;
import java.util.Optional;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.ScrollPane;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyEvent;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.VBox;
import org.diolab.app.kernellab.trace.FailurePicture.Dot;
import org.jspecify.annotations.Nullable;

/**
 * "Show the kernel's trace": a recorded failure as a space-time picture ({@link SpaceTimePane}) with the lesson's
 * run beside it. First / Previous / Next choose which recorded failure (any one by {@link #showFailure}); the stage's
 * keys step through the chosen failure's events (→ or Page Down, ← or Page Up, Home / End), the status line saying
 * what the kernel did at the step and which model step it is.
 */
public final class KernelTraceView extends BorderPane {
    private final TracePicture story;
    private final Label pick = new Label();
    private final Label status = new Label();
    private final Label modelStatus = new Label();
    private final ScrollPane scroll = new ScrollPane();
    private final Button first = new Button("First failure");
    private final Button previous = new Button("Previous");
    private final Button next = new Button("Next");
    private @Nullable FailurePicture shown;
    private @Nullable SpaceTimePane picture;
    private int step = -1;

    public KernelTraceView(TracePicture story) {
        this.story = story;
        setId("kernel-trace");
        getStyleClass().add("kernel-trace");
        getStylesheets()
                .add(KernelTraceView.class.getResource("kernel-trace.css").toExternalForm());

        Label title = new Label(story.title() + " — the kernel's own trace");
        title.getStyleClass().add("trace-title");
        title.setId("trace-title");
        Label finding = new Label(story.finding());
        finding.setWrapText(true);
        finding.setId("trace-finding");
        Label lost = new Label(
                story.lost() == 0
                        ? "the ring buffer lost nothing"
                        : String.format(
                                java.util.Locale.ROOT,
                                "%,d event(s) lost by the ring buffer: this trace has gaps, a failure's events may be"
                                        + " missing from it (the race's rates in the report are the lab threads' own counts)",
                                story.lost()));
        lost.getStyleClass().add(story.lost() == 0 ? "trace-note" : "trace-lossy");
        lost.setId("trace-lost");
        first.setId("trace-first");
        previous.setId("trace-previous");
        next.setId("trace-next");
        pick.setId("trace-pick");
        pick.setWrapText(true);
        first.setOnAction(e -> showFailure(0));
        previous.setOnAction(e -> shown().ifPresent(s -> showFailure(Math.max(0, s.index() - 1))));
        next.setOnAction(e ->
                shown().ifPresent(s -> showFailure(Math.min(story.failures().size() - 1, s.index() + 1))));
        HBox picker = new HBox(8, first, previous, next, pick);
        picker.setAlignment(Pos.CENTER_LEFT);
        VBox top = new VBox(4, title, finding, lost, picker);
        top.setPadding(new Insets(8));
        setTop(top);

        scroll.setId("trace-scroll");
        scroll.setPannable(true);
        setCenter(scroll);
        status.setId("trace-step");
        status.setWrapText(true);
        modelStatus.setId("trace-model-status");
        modelStatus.setWrapText(true);
        VBox bottom = new VBox(2, status, modelStatus);
        bottom.setPadding(new Insets(6, 8, 8, 8));
        setBottom(bottom);

        setFocusTraversable(true);
        addEventFilter(KeyEvent.KEY_PRESSED, this::key);
        if (story.failures().isEmpty()) {
            Label none = new Label("Nothing was picked from this recording: " + story.finding());
            none.setWrapText(true);
            scroll.setContent(none);
            List.of(first, previous, next).forEach(b -> b.setDisable(true));
            pick.setText("no failure recorded");
        } else {
            showFailure(0);
        }
    }

    /** Shows the {@code index}-th recorded failure, at its first step. */
    public void showFailure(int index) {
        FailurePicture f = story.failures().get(index);
        shown = f;
        picture = new SpaceTimePane(f);
        scroll.setContent(picture);
        pick.setText("failure " + (index + 1) + " of " + story.failures().size() + ": " + f.title()
                + (f.truncated() ? " (cut short: it had more events than a failure keeps)" : "")
                + (f.lostInside() == 0
                        ? ""
                        : String.format(
                                java.util.Locale.ROOT,
                                "; %,d event(s) lost while it ran: some of its events may be missing",
                                f.lostInside())));
        pick.getStyleClass().remove("trace-lossy");
        if (f.lostInside() > 0) {
            pick.getStyleClass().add("trace-lossy");
        }
        first.setDisable(index == 0);
        previous.setDisable(index == 0);
        next.setDisable(index + 1 >= story.failures().size());
        step = -1;
        stepTo(0);
    }

    /** The failure on show. */
    public Optional<FailurePicture> shown() {
        return Optional.ofNullable(shown);
    }

    /** The place of the current step among {@link FailurePicture#steps()}, or -1. */
    public int step() {
        return step;
    }

    public void forward() {
        stepTo(step + 1);
    }

    public void back() {
        stepTo(step - 1);
    }

    private void stepTo(int i) {
        FailurePicture f = shown;
        SpaceTimePane p = picture;
        if (f == null || p == null || f.steps().isEmpty()) {
            return;
        }
        step = Math.clamp(i, 0, f.steps().size() - 1);
        Dot b = f.dots().get(f.steps().get(step));
        p.select(b.index());
        status.setText("step " + (step + 1) + " / " + f.steps().size() + " · " + b.words() + " · "
                + f.columns().get(b.column()) + " · " + b.detail());
        status.getStyleClass().remove("trace-red");
        if (b.red()) {
            status.getStyleClass().add("trace-red");
        }
        modelStatus.setText(f.stepFor(b.index()).stream()
                .mapToObj(s -> "the model: " + describe(f.model().get(s)))
                .findFirst()
                .orElse("the model: no step of the lesson's run lines up with this event"));
    }

    private static String describe(ModelStep m) {
        return m.action() + " (" + m.label() + ")";
    }

    private void key(KeyEvent e) {
        KeyCode k = e.getCode();
        if (k == KeyCode.RIGHT || k == KeyCode.PAGE_DOWN) {
            forward();
        } else if (k == KeyCode.LEFT || k == KeyCode.PAGE_UP) {
            back();
        } else if (k == KeyCode.HOME) {
            stepTo(0);
        } else if (k == KeyCode.END) {
            stepTo(Integer.MAX_VALUE);
        } else {
            return;
        }
        e.consume();
    }
}
