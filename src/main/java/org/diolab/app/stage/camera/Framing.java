package org.diolab.app.stage.camera;

import java.util.List;
import javafx.geometry.Point2D;
import javafx.geometry.Rectangle2D;

/**
 * Chooses a step's shot: the region the step's action happens in ({@link Focus}), as large as the viewport allows
 * up to {@link #MAX_SCALE}. When the whole region does not fit at {@code readable}, what the step changed comes first:
 * the camera frames that at the readable scale, or zooms out just enough to show it. Never smaller than the whole
 * scene; never looking past the stage's edges when the stage is larger than the view. The shot is chosen for the part
 * of the viewport that nothing covers ({@link FreeArea}), and slid so that its edges cut as few cards as the step
 * allows ({@link EdgeCuts}).
 */
public final class Framing {
    /** Closer than this a step's region would fill the screen with one card and lose the picture around it. */
    public static final double MAX_SCALE = 2.2;
    /** Room kept around the region, in screen px. */
    static final double MARGIN = 12;

    private Framing() {}

    /** The whole stage, centred. */
    public static Shot overview(double stageW, double stageH, double vpW, double vpH) {
        return new Shot(fit(new Rectangle2D(0, 0, stageW, stageH), vpW, vpH, 4), stageW / 2, stageH / 2);
    }

    /**
     * A step's shot in a viewport {@code vpW × vpH}, as close as {@code closest} (a larger screen for the same room
     * reads at a larger scale). When even what changed is too large to read whole, the shot stays readable and frames
     * the {@code parts} that weigh most ({@link Priority}); with no parts it zooms out to show what changed.
     *
     * @param focus    what the step involves (null: the whole stage)
     * @param must     what it changed, inside {@code focus} (null: nothing drawn changed)
     * @param readable the scale at which the stage's text is as large as the viewer needs
     */
    static Shot follow(
            Rectangle2D focus,
            Rectangle2D must,
            double readable,
            double closest,
            List<Focus.Part> parts,
            double stageW,
            double stageH,
            double vpW,
            double vpH) {
        Shot whole = overview(stageW, stageH, vpW, vpH);
        if (focus == null || vpW <= 0 || vpH <= 0) {
            return whole;
        }
        double s = Math.min(fit(focus, vpW, vpH, MARGIN), closest);
        Rectangle2D centre = focus;
        if (s < readable && must != null) {
            // The whole region would be too small to read: frame what changed, readable if it fits.
            double changed = fit(must, vpW, vpH, MARGIN);
            if (changed < readable && !parts.isEmpty() && readable > whole.scale()) {
                // Not even that: readable, on what matters most (the stage marks the rest at the frame's edge).
                double r = Math.min(readable, closest);
                Point2D c = Priority.centre(
                        parts,
                        vpW / r,
                        vpH / r,
                        MARGIN / r,
                        new Point2D(must.getMinX() + must.getWidth() / 2, must.getMinY() + must.getHeight() / 2),
                        stageW,
                        stageH);
                return new Shot(r, c.getX(), c.getY());
            }
            s = Math.min(readable, changed);
            centre = must;
        }
        s = Math.max(s, whole.scale());
        double cx = centre.getMinX() + centre.getWidth() / 2;
        double cy = centre.getMinY() + centre.getHeight() / 2;
        if (centre != focus) {
            // Show as much of the rest of the region as fits, without losing what changed.
            cx = towards(cx, focus.getMinX() + focus.getWidth() / 2, centre.getMinX(), centre.getMaxX(), vpW / s);
            cy = towards(cy, focus.getMinY() + focus.getHeight() / 2, centre.getMinY(), centre.getMaxY(), vpH / s);
        }
        return new Shot(s, clamp(cx, stageW, vpW / s), clamp(cy, stageH, vpH / s));
    }

    /**
     * A step's shot, in the part of the viewport left free: as {@link #follow(Rectangle2D, Rectangle2D, double, double,
     * List, double, double, double, double)} for a viewport the size of {@code free}, slid off the {@code boxes}'
     * edges, then moved so that it is centred on {@code free}.
     *
     * @param parts   what the step involves, weighed when what changed is too large to read whole (may be empty)
     * @param closest the largest scale ({@link #MAX_SCALE} for text read at 18 px or less, more for larger)
     * @param boxes   the cards, lanes and headings on show (stage units)
     * @param free    the part of the viewport nothing covers (viewport px)
     */
    public static Shot follow(
            Rectangle2D focus,
            Rectangle2D must,
            List<Focus.Part> parts,
            double readable,
            double closest,
            List<Rectangle2D> boxes,
            double stageW,
            double stageH,
            Rectangle2D free,
            double vpW,
            double vpH) {
        Shot s = follow(focus, must, readable, closest, parts, stageW, stageH, free.getWidth(), free.getHeight());
        if (focus != null) {
            s = EdgeCuts.avoid(s, must, readable, boxes, stageW, stageH, free.getWidth(), free.getHeight());
        }
        return within(s, free, vpW, vpH);
    }

    /** A shot chosen for the {@code free} part of a viewport, as the whole viewport's shot (same scale). */
    public static Shot within(Shot s, Rectangle2D free, double vpW, double vpH) {
        double dx = free.getMinX() + free.getWidth() / 2 - vpW / 2;
        double dy = free.getMinY() + free.getHeight() / 2 - vpH / 2;
        return new Shot(s.scale(), s.centerX() - dx / s.scale(), s.centerY() - dy / s.scale());
    }

    /** The scale at which {@code r} fills a viewport less {@code margin} px around. */
    static double fit(Rectangle2D r, double vpW, double vpH, double margin) {
        double w = Math.max(1, r.getWidth());
        double h = Math.max(1, r.getHeight());
        return Math.max(0.01, Math.min((vpW - 2 * margin) / w, (vpH - 2 * margin) / h));
    }

    /** Moves a centre toward {@code want} as far as keeps [{@code min}, {@code max}] inside a view {@code span} wide. */
    private static double towards(double c, double want, double min, double max, double span) {
        double lo = max - span / 2 + MARGIN;
        double hi = min + span / 2 - MARGIN;
        return lo > hi ? c : Math.clamp(want, lo, hi);
    }

    /** Keeps a view {@code span} wide inside [0, {@code size}] (centred when the stage is smaller than the view). */
    static double clamp(double c, double size, double span) {
        if (span >= size) {
            return size / 2;
        }
        return Math.clamp(c, span / 2, size - span / 2);
    }
}
