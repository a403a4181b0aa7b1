package org.diolab.app.kernellab.trace;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import javafx.scene.control.Label;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.Pane;
import javafx.scene.shape.Circle;
import javafx.scene.shape.Line;
import javafx.scene.shape.Rectangle;
import javafx.util.Duration;
import org.diolab.app.kernellab.trace.FailurePicture.Bar;
import org.diolab.app.kernellab.trace.FailurePicture.Dot;

/**
 * One failure drawn as a space-time picture: time runs down ({@link TimeAxis}, every row labelled in µs), one column
 * per lab thread, device, kernel thread and the kernel log, and on the left the lesson's scripted run, each model step
 * on the row of the kernel event it lines up with. Calls, device requests and scribbler passes are bars; events are
 * dots named in the lesson's words, with their fields on hover; the failure is red. Built once per failure from its immutable view; selecting a
 * beat only moves the highlight.
 */
final class SpaceTimePane extends Pane {
    static final double TOP = 48;
    static final double ROW = 22;
    static final double TIME_WIDTH = 84;
    static final double MODEL_WIDTH = 230;
    static final double COLUMN_WIDTH = 150;

    private final List<Circle> dots = new ArrayList<>();
    private final List<Label> modelLabels = new ArrayList<>();
    private final FailurePicture f;
    private final Line cursor = new Line();

    SpaceTimePane(FailurePicture f) {
        getStyleClass().add("trace-picture");
        this.f = f;
        List<ModelStep> model = f.model();
        TimeAxis axis = new TimeAxis(f.dots().stream().mapToDouble(Dot::micros).toArray(), TOP, ROW);
        double width = x0(model) + COLUMN_WIDTH * f.columns().size();
        setPrefSize(width, axis.bottom() + ROW);
        setMinSize(width, axis.bottom() + ROW);

        if (!model.isEmpty()) {
            header("the model (the lesson's run)", TIME_WIDTH, "trace-model-header");
        }
        for (int c = 0; c < f.columns().size(); c++) {
            double x = columnX(model, c);
            header(f.columns().get(c), x - COLUMN_WIDTH / 2 + 4, "trace-column-header")
                    .setId("trace-column-" + c);
            Line lane = new Line(x, TOP - 6, x, axis.bottom());
            lane.getStyleClass().add("trace-lane");
            getChildren().add(lane);
        }
        cursor.getStyleClass().add("trace-cursor");
        cursor.setStartX(0);
        cursor.setEndX(width);
        getChildren().add(cursor);
        for (Bar s : f.bars()) {
            bar(s, columnX(model, s.column()), axis);
        }
        for (Dot b : f.dots()) {
            double y = axis.rowY(b.index());
            Label time = new Label(String.format(Locale.ROOT, "%+.1f µs", b.micros()));
            time.getStyleClass().add("trace-time");
            time.relocate(4, y - 9);
            getChildren().add(time);
            Circle dot = new Circle(columnX(model, b.column()), y, 5);
            dot.getStyleClass().add("trace-beat");
            if (b.red()) {
                dot.getStyleClass().add("trace-red");
            }
            dot.setId("trace-beat-" + b.index());
            Tooltip tip = new Tooltip(hover(b));
            tip.setShowDelay(Duration.millis(150));
            Tooltip.install(dot, tip);
            dot.setUserData(tip.getText());
            dots.add(dot);
            getChildren().addAll(dot, beatLabel(b, columnX(model, b.column()), y));
        }
        modelColumn(model, axis);
    }

    private static double x0(List<ModelStep> model) {
        return TIME_WIDTH + (model.isEmpty() ? 0 : MODEL_WIDTH);
    }

    private static double columnX(List<ModelStep> model, int column) {
        return x0(model) + COLUMN_WIDTH * column + COLUMN_WIDTH / 2;
    }

    private Label header(String text, double x, String style) {
        Label l = new Label(text);
        l.getStyleClass().add(style);
        l.setMaxWidth(COLUMN_WIDTH - 8);
        l.relocate(x, 8);
        l.setWrapText(true);
        getChildren().add(l);
        return l;
    }

    private void bar(Bar s, double x, TimeAxis axis) {
        double y0 = axis.y(Math.max(0, s.fromMicros()));
        double y1 = Math.max(y0 + 4, axis.y(s.toMicros()));
        double w = switch (s.kind()) {
            case "call" -> 18;
            case "request" -> 12;
            default -> 8;
        };
        double offset = switch (s.kind()) {
            case "call", "request" -> -w / 2;
            default -> 8; // a scribbler pass, beside its lane: passes follow each other closely
        };
        Rectangle r = new Rectangle(x + offset, y0, w, y1 - y0);
        r.getStyleClass().addAll("trace-span", "trace-span-" + s.kind());
        if (s.red()) {
            r.getStyleClass().add("trace-red");
        }
        Tooltip.install(r, new Tooltip(s.label()));
        getChildren().add(r);
    }

    /** The event's name in the lesson's words, beside its dot (right of the scribbler's passes). */
    private static Label beatLabel(Dot b, double x, double y) {
        Label l = new Label(b.words());
        l.getStyleClass().add("trace-beat-label");
        if (b.red()) {
            l.getStyleClass().add("trace-red");
        }
        l.setId("trace-beat-label-" + b.index());
        l.setMaxWidth(COLUMN_WIDTH - 30);
        l.relocate(x + 18, y - 9);
        l.setMouseTransparent(true);
        return l;
    }

    /** Each model step on the row of its beat (or, unmatched, on the row after the previous one), linked to it. */
    private void modelColumn(List<ModelStep> model, TimeAxis axis) {
        int lastRow = -1;
        for (int i = 0; i < model.size(); i++) {
            ModelStep m = model.get(i);
            var beat = f.beatFor(i);
            int row = beat.isPresent() ? beat.getAsInt() : lastRow + 1;
            lastRow = Math.max(lastRow, row);
            Label l = new Label(m.action()); // the model's action names its actor ("app pins B ...")
            l.getStyleClass().add(beat.isPresent() ? "trace-model-step" : "trace-model-unseen");
            l.setId("trace-model-" + i);
            l.setMaxWidth(MODEL_WIDTH - 12);
            double y = axis.rowY(Math.min(row, Math.max(0, f.dots().size() - 1)));
            l.relocate(TIME_WIDTH, y - 9);
            Tooltip.install(
                    l,
                    new Tooltip(
                            beat.isPresent()
                                    ? m.label() + " — the kernel's "
                                            + f.dots().get(beat.getAsInt()).what()
                                    : m.label() + " — not among the kernel's events (no tracepoint shows it)"));
            modelLabels.add(l);
            getChildren().add(l);
            if (beat.isPresent()) {
                Dot b = f.dots().get(beat.getAsInt());
                Line link = new Line(TIME_WIDTH + MODEL_WIDTH - 8, y, columnX(model, b.column()) - 6, y);
                link.getStyleClass().add("trace-model-link");
                getChildren().add(link);
            }
        }
    }

    /** Highlights beat {@code index} (and the model step lined up with it). */
    void select(int index) {
        for (int i = 0; i < dots.size(); i++) {
            dots.get(i).getStyleClass().remove("trace-selected");
        }
        modelLabels.forEach(l -> l.getStyleClass().remove("trace-selected"));
        if (index < 0 || index >= dots.size()) {
            cursor.setVisible(false);
            return;
        }
        Circle d = dots.get(index);
        d.getStyleClass().add("trace-selected");
        cursor.setVisible(true);
        cursor.setStartY(d.getCenterY());
        cursor.setEndY(d.getCenterY());
        f.stepFor(index).ifPresent(i -> modelLabels.get(i).getStyleClass().add("trace-selected"));
    }

    /** The hover text of an event: its words, its line, its fields. */
    static String hover(Dot b) {
        StringBuilder s = new StringBuilder(b.words()).append('\n').append(b.detail());
        s.append(String.format(Locale.ROOT, "%n%.3f µs since boot (%+.1f µs)", b.atMicros(), b.micros()));
        for (Map.Entry<String, String> e : b.fields().entrySet()) {
            s.append('\n').append(e.getKey()).append(" = ").append(e.getValue());
        }
        return s.toString();
    }
}
