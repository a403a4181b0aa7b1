package org.diolab.app.stage.cards;

import java.util.Arrays;
import java.util.Locale;
import java.util.function.IntFunction;
import javafx.css.PseudoClass;
import javafx.geometry.Rectangle2D;
import javafx.scene.canvas.Canvas;
import javafx.scene.canvas.GraphicsContext;
import javafx.scene.control.Tooltip;
import javafx.scene.input.MouseEvent;
import javafx.scene.layout.Background;
import javafx.scene.layout.Region;
import javafx.scene.paint.Color;
import javafx.scene.paint.Paint;
import org.diolab.app.stage.layout.CrowdGrid;

/**
 * Many objects of one kind drawn as the small cells of one canvas (a crowd, see {@link Crowds}): one node however many
 * cells, redrawn only when a cell's look changes. A cell the step changed gets an outline and a corner notch (shape as
 * well as colour, as cards have); hovering a cell tells what it holds. Colours come from the stylesheet
 * ({@code .grid-cell:plain}, {@code :held}, {@code :bad}, {@code :changed}, {@code :none}), so themes apply.
 */
public final class CellGrid extends Region {
    /** How a cell looks: not on show, as usual, held (pinned, in flight), or named by a broken invariant. */
    public enum Look {
        NONE,
        PLAIN,
        HELD,
        BAD
    }

    private final Canvas canvas = new Canvas();
    private final int count;
    private final int cols;
    private final Region[] probes = new Region[Look.values().length + 1];
    private final Tooltip tip = new Tooltip();
    private Look[] looks;
    private boolean[] changed;
    private IntFunction<String> tips = i -> "";
    private boolean dirty = true;

    CellGrid(int count, int cols) {
        this.count = count;
        this.cols = cols;
        looks = new Look[count];
        Arrays.fill(looks, Look.NONE);
        changed = new boolean[count];
        getStyleClass().add("cell-grid");
        canvas.setWidth(CrowdGrid.width(cols));
        canvas.setHeight(CrowdGrid.height(count, cols));
        getChildren().add(canvas);
        for (int i = 0; i < probes.length; i++) {
            Region p = new Region();
            p.getStyleClass().add("grid-cell");
            p.pseudoClassStateChanged(
                    PseudoClass.getPseudoClass(
                            i < Look.values().length ? Look.values()[i].name().toLowerCase(Locale.ROOT) : "changed"),
                    true);
            p.setManaged(false); // never sized, so never drawn: it only carries the stylesheet's colour
            p.setMouseTransparent(true);
            p.backgroundProperty().addListener((o, a, b) -> redraw()); // a theme switch recolours the cells
            probes[i] = p;
            getChildren().add(p);
        }
        Tooltip.install(this, tip);
        addEventHandler(MouseEvent.MOUSE_MOVED, e -> {
            int i = cellAt(e.getX(), e.getY());
            tip.setText(i < 0 ? getAccessibleText() : tips.apply(i));
        });
    }

    /** Shows each cell's look and whether the step changed it; {@code tips} describes cell {@code i} on hover. */
    void show(Look[] newLooks, boolean[] newChanged, IntFunction<String> newTips) {
        tips = newTips;
        if (Arrays.equals(looks, newLooks) && Arrays.equals(changed, newChanged)) {
            return;
        }
        looks = newLooks.clone();
        changed = newChanged.clone();
        redraw();
    }

    /** Draws at the next layout pass, once the stylesheet's colours are known. */
    private void redraw() {
        dirty = true;
        requestLayout();
    }

    /** What hovering says, as the last mouse move set it. */
    public Tooltip tooltip() {
        return tip;
    }

    /** The cell under a point of this node, or -1. */
    public int cellAt(double x, double y) {
        int c = (int) (x / CrowdGrid.PITCH);
        int r = (int) (y / CrowdGrid.PITCH);
        int i = r * cols + c;
        return x < 0 || y < 0 || c >= cols || i >= count ? -1 : i;
    }

    /** Cell {@code i} in this node's coordinates. */
    public Rectangle2D cell(int i) {
        return CrowdGrid.cellAt(i, cols);
    }

    private void draw() {
        GraphicsContext g = canvas.getGraphicsContext2D();
        g.clearRect(0, 0, canvas.getWidth(), canvas.getHeight());
        Paint mark = paint(probes.length - 1, Color.DODGERBLUE);
        for (int i = 0; i < count; i++) {
            Rectangle2D r = cell(i);
            Look l = looks[i];
            if (l == Look.NONE) {
                g.setStroke(paint(l.ordinal(), Color.GRAY));
                g.setLineWidth(1);
                g.strokeRect(r.getMinX() + 0.5, r.getMinY() + 0.5, CrowdGrid.CELL - 1, CrowdGrid.CELL - 1);
            } else {
                g.setFill(paint(l.ordinal(), Color.GRAY));
                g.fillRect(r.getMinX(), r.getMinY(), CrowdGrid.CELL, CrowdGrid.CELL);
            }
            if (changed[i]) {
                g.setStroke(mark);
                g.setLineWidth(2);
                g.strokeRect(r.getMinX() - 0.5, r.getMinY() - 0.5, CrowdGrid.CELL + 1, CrowdGrid.CELL + 1);
                g.setFill(mark);
                g.fillPolygon(
                        new double[] {r.getMinX(), r.getMinX() + 6, r.getMinX()},
                        new double[] {r.getMinY(), r.getMinY(), r.getMinY() + 6},
                        3);
            }
        }
    }

    private Paint paint(int probe, Paint fallback) {
        Background b = probes[probe].getBackground();
        return b == null || b.getFills().isEmpty()
                ? fallback
                : b.getFills().getFirst().getFill();
    }

    @Override
    public String getUserAgentStylesheet() {
        return CrowdCaption.STYLESHEET;
    }

    @Override
    protected double computePrefWidth(double height) {
        return canvas.getWidth();
    }

    @Override
    protected double computePrefHeight(double width) {
        return canvas.getHeight();
    }

    @Override
    protected double computeMinWidth(double height) {
        return canvas.getWidth();
    }

    @Override
    protected double computeMinHeight(double width) {
        return canvas.getHeight();
    }

    @Override
    protected void layoutChildren() {
        canvas.relocate(0, 0);
        if (dirty) {
            dirty = false;
            draw();
        }
    }
}
