package org.diolab.app.stage.spacetime;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import javafx.css.PseudoClass;
import javafx.geometry.Point2D;
import javafx.scene.Group;
import javafx.scene.control.Label;
import javafx.scene.control.SkinBase;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.Pane;
import javafx.scene.layout.Region;
import javafx.scene.shape.Circle;
import javafx.scene.shape.Line;
import javafx.scene.shape.Rectangle;
import org.diolab.app.stage.layout.ArrowKind;
import org.diolab.app.stage.layout.ArrowShapes;
import org.diolab.app.stage.layout.Route;
import org.diolab.engine.EventKind;

/** Draws a {@link SpaceTimeView} with shapes (so theme colours apply), sized to the height it gets. */
final class SpaceTimeSkin extends SkinBase<SpaceTimeView> {
    static final double COLUMN = 40;
    static final double HEADER = 50;
    static final double LEFT = 34;
    private static final PseudoClass CURRENT = PseudoClass.getPseudoClass("current");
    private static final PseudoClass VIOLATED = PseudoClass.getPseudoClass("violated");

    private final Pane pane = new Pane();
    private final Rectangle cursor = new Rectangle();
    private double rowHeight = 16;
    private SpaceTimeRun drawn;
    private double drawnWidth = -1;
    private double drawnHeight = -1;

    SpaceTimeSkin(SpaceTimeView view) {
        super(view);
        pane.getStyleClass().add("space-time-pane");
        cursor.getStyleClass().add("space-time-cursor");
        cursor.setMouseTransparent(true);
        getChildren().add(pane);
        pane.setOnMouseClicked(e -> view.jump(rowAt(e.getY())));
        registerChangeListener(view.runProperty(), e -> {
            drawn = null;
            view.requestLayout();
        });
        registerChangeListener(view.indexProperty(), e -> moveCursor());
    }

    int rowAt(double y) {
        return (int) Math.round((y - HEADER) / rowHeight);
    }

    @Override
    protected double computePrefWidth(double height, double top, double right, double bottom, double left) {
        return left
                + LEFT
                + COLUMN
                        * Math.max(
                                1, getSkinnable().runProperty().get().actors().size())
                + 8
                + right;
    }

    @Override
    protected double computeMinWidth(double height, double top, double right, double bottom, double left) {
        return computePrefWidth(height, top, right, bottom, left);
    }

    @Override
    protected double computePrefHeight(double width, double top, double right, double bottom, double left) {
        return top
                + HEADER
                + 16 * Math.max(1, getSkinnable().runProperty().get().size())
                + bottom;
    }

    @Override
    protected void layoutChildren(double x, double y, double w, double h) {
        pane.resizeRelocate(x, y, w, h);
        SpaceTimeRun run = getSkinnable().runProperty().get();
        // Draw only when the run or the size changed: new shapes during layout would ask for another layout.
        if (run != drawn || w != drawnWidth || h != drawnHeight) {
            drawn = run;
            drawnWidth = w;
            drawnHeight = h;
            rowHeight = Math.clamp((h - HEADER - 8) / Math.max(1, run.size()), 6, 24);
            draw(run, w);
            pane.applyCss();
        }
    }

    private void draw(SpaceTimeRun run, double width) {
        pane.getChildren().clear();
        Map<String, Double> col = new HashMap<>();
        for (int i = 0; i < run.actors().size(); i++) {
            String a = run.actors().get(i);
            double cx = LEFT + COLUMN * i + COLUMN / 2;
            col.put(a, cx);
            Label name = new Label(a);
            name.getStyleClass().add("space-time-actor");
            name.setMinWidth(Region.USE_PREF_SIZE);
            name.setTooltip(new Tooltip(a));
            // Names read upwards at an angle, so columns can be narrow and names whole.
            name.getTransforms().add(new javafx.scene.transform.Rotate(-40, 0, 0));
            name.relocate(cx - 4, HEADER - 10);
            Line life = new Line(cx, HEADER, cx, y(run.size() - 1));
            life.getStyleClass().add("space-time-life");
            pane.getChildren().addAll(life, name);
        }
        if (run.firstViolation() > 0) {
            Rectangle bad = new Rectangle(
                    0,
                    y(run.firstViolation()) - rowHeight / 2,
                    width,
                    y(run.size() - 1) - y(run.firstViolation()) + rowHeight);
            bad.getStyleClass().add("space-time-violated");
            Label mark = new Label("✗");
            mark.getStyleClass().add("space-time-violation-mark");
            mark.relocate(4, y(run.firstViolation()) - 9);
            pane.getChildren().addAll(bad, mark);
        }
        run.waiting()
                .forEach((a, steps) -> steps.forEach(k -> {
                    Double cx = col.get(a);
                    if (cx != null) {
                        Line wait = new Line(cx, y(k) - rowHeight / 2, cx, y(k) + rowHeight / 2);
                        wait.getStyleClass().add("space-time-wait");
                        pane.getChildren().add(wait);
                    }
                }));
        Group flows = new Group();
        Map<Integer, String> actorAt = new HashMap<>();
        run.steps().forEach(s -> actorAt.put(s.index(), s.actor()));
        for (SpaceTimeRun.Flow f : run.flows()) {
            Double x0 = col.get(actorAt.get(f.from()));
            Double x1 = col.get(actorAt.get(f.to()));
            if (x0 != null && x1 != null && !x0.equals(x1)) {
                Route r = new Route(
                        ArrowKind.DMA, null, null, List.of(new Point2D(x0, y(f.from())), new Point2D(x1, y(f.to()))));
                var arrow = ArrowShapes.draw(r, true);
                arrow.getStyleClass().add("space-time-flow");
                Tooltip.install(arrow, new Tooltip(f.what()));
                flows.getChildren().add(arrow);
            }
        }
        pane.getChildren().add(flows);
        for (SpaceTimeRun.Step s : run.steps()) {
            Double cx = col.get(s.actor());
            if (s.kind() == EventKind.DEADLOCK) {
                Label dead = new Label("⟲ deadlock");
                dead.getStyleClass().add("space-time-deadlock");
                dead.relocate(LEFT, y(s.index()) - 9);
                pane.getChildren().add(dead);
                continue;
            }
            if (cx == null) {
                continue;
            }
            Circle dot = new Circle(cx, y(s.index()), Math.min(6, rowHeight / 2.6));
            dot.getStyleClass().addAll("space-time-dot", s.kind() == EventKind.BLOCKED ? "blocked" : "step");
            dot.pseudoClassStateChanged(VIOLATED, s.violated());
            Tooltip.install(dot, new Tooltip(s.index() + ": " + s.actor() + " " + s.label()));
            pane.getChildren().add(dot);
        }
        pane.getChildren().add(cursor);
        moveCursor();
    }

    private void moveCursor() {
        int i = getSkinnable().indexProperty().get();
        cursor.setX(1);
        cursor.setY(y(i) - rowHeight / 2);
        cursor.setWidth(Math.max(0, pane.getWidth() - 2));
        cursor.setHeight(rowHeight);
        cursor.pseudoClassStateChanged(CURRENT, true);
    }

    private double y(int step) {
        return HEADER + rowHeight * step + rowHeight / 2;
    }
}
