package org.diolab.app.stage.camera;

import java.util.ArrayList;
import java.util.List;
import javafx.geometry.Point2D;
import javafx.geometry.Rectangle2D;

/**
 * Where a readable frame too small for everything a step changed should look: at the parts that weigh most
 * ({@link Focus.Part}: a card per object changed, less for a card an invariant names or the acting lane). Of the
 * frames that line an edge up with a part's edge, it takes the one that holds the most weight whole, then the most of
 * the rest in part, then the one nearest the change's centre. The parts it leaves out are marked at the frame's edge
 * by the stage, so the viewer knows what lies beyond.
 */
final class Priority {
    private Priority() {}

    /**
     * The frame's centre, in stage units.
     *
     * @param spanW  the frame's width in stage units
     * @param spanH  its height
     * @param margin room kept inside the frame's edges, stage units
     * @param prefer where to look when the parts leave a choice (the change's centre)
     */
    static Point2D centre(
            List<Focus.Part> parts,
            double spanW,
            double spanH,
            double margin,
            Point2D prefer,
            double stageW,
            double stageH) {
        List<Double> xs = candidates(parts, spanW, margin, prefer.getX(), true);
        List<Double> ys = candidates(parts, spanH, margin, prefer.getY(), false);
        Point2D best = null;
        double[] bestScore = null;
        for (double x : xs) {
            for (double y : ys) {
                Point2D c = new Point2D(Framing.clamp(x, stageW, spanW), Framing.clamp(y, stageH, spanH));
                Rectangle2D view = new Rectangle2D(
                        c.getX() - spanW / 2 + margin,
                        c.getY() - spanH / 2 + margin,
                        Math.max(0, spanW - 2 * margin),
                        Math.max(0, spanH - 2 * margin));
                double[] score = score(parts, view, c.distance(prefer));
                if (bestScore == null || better(score, bestScore)) {
                    best = c;
                    bestScore = score;
                }
            }
        }
        return best;
    }

    /** The centres on one axis that put a part's near or far edge at the frame's edge, and the preferred centre. */
    private static List<Double> candidates(
            List<Focus.Part> parts, double span, double margin, double prefer, boolean horizontal) {
        List<Double> out = new ArrayList<>();
        out.add(prefer);
        for (Focus.Part p : parts) {
            double min = horizontal ? p.box().getMinX() : p.box().getMinY();
            double max = horizontal ? p.box().getMaxX() : p.box().getMaxY();
            out.add(min - margin + span / 2);
            out.add(max + margin - span / 2);
            out.add((min + max) / 2);
        }
        return out;
    }

    /** Weight held whole, weight held in part (by area), and minus the distance from the preferred centre. */
    private static double[] score(List<Focus.Part> parts, Rectangle2D view, double distance) {
        double whole = 0;
        double partly = 0;
        for (Focus.Part p : parts) {
            Rectangle2D b = p.box();
            if (view.contains(b)) {
                whole += p.weight();
            } else if (view.intersects(b)) {
                double w = Math.min(view.getMaxX(), b.getMaxX()) - Math.max(view.getMinX(), b.getMinX());
                double h = Math.min(view.getMaxY(), b.getMaxY()) - Math.max(view.getMinY(), b.getMinY());
                partly += p.weight() * (w * h) / Math.max(1, b.getWidth() * b.getHeight());
            }
        }
        return new double[] {whole, partly, -distance};
    }

    private static boolean better(double[] a, double[] b) {
        for (int i = 0; i < a.length; i++) {
            if (Math.abs(a[i] - b[i]) > 1e-6) {
                return a[i] > b[i];
            }
        }
        return false;
    }
}
