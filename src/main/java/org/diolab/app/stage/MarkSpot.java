package org.diolab.app.stage;

import java.util.ArrayList;
import java.util.List;
import javafx.geometry.Rectangle2D;

/**
 * Where an edge mark goes ({@link OffViewMarks}): at its edge, as near as it can be to level with what it names, in a
 * place that covers none of the {@code taken} boxes (the stage's text and the marks already placed). When the whole
 * edge is taken it steps in past what lies at the edge, at most half the view in; only if that finds no room
 * either does it sit where it wanted (on its backing).
 */
final class MarkSpot {
    /** Room kept between a mark and the text beside it, px. */
    private static final double PAD = 2;

    private MarkSpot() {}

    /**
     * @param along where the mark wants its middle, along its edge (viewport px)
     * @param lw    the mark's width
     * @param lh    the mark's height
     * @param gap   the room kept between a mark and the edge
     * @return the mark's box in the viewport
     */
    static Rectangle2D find(
            OffViewMarks.Side side,
            double along,
            double lw,
            double lh,
            double w,
            double h,
            double gap,
            List<Rectangle2D> taken) {
        boolean horizontal = side.horizontal();
        double size = horizontal ? lh : lw; // along the edge
        double depth = horizontal ? lw : lh; // into the view
        double span = horizontal ? h : w;
        double lo = gap;
        double hi = Math.max(gap, span - size - gap);
        double want = Math.clamp(along - size / 2, lo, hi);
        List<double[]> boxes = new ArrayList<>(); // {across min, across max, along min, along max} from the edge
        for (Rectangle2D r : taken) {
            boxes.add(
                    switch (side) {
                        case LEFT -> new double[] {r.getMinX(), r.getMaxX(), r.getMinY(), r.getMaxY()};
                        case RIGHT -> new double[] {w - r.getMaxX(), w - r.getMinX(), r.getMinY(), r.getMaxY()};
                        case TOP -> new double[] {r.getMinY(), r.getMaxY(), r.getMinX(), r.getMaxX()};
                        case BOTTOM -> new double[] {h - r.getMaxY(), h - r.getMinY(), r.getMinX(), r.getMaxX()};
                    });
        }
        // Depths to try: at the edge, then just past each thing at the edge, nearest first.
        double limit = Math.max(gap, (horizontal ? w : h) / 2);
        java.util.TreeSet<Double> depths = new java.util.TreeSet<>();
        depths.add(gap);
        for (double[] b : boxes) {
            if (b[1] + PAD > gap && b[1] + PAD <= limit) {
                depths.add(b[1] + PAD);
            }
        }
        for (double d : depths) {
            List<double[]> band = boxes.stream()
                    .filter(b -> b[1] > d - PAD && b[0] < d + depth + PAD)
                    .toList();
            Double a = nearestFree(want, lo, hi, size, band);
            if (a != null) {
                return box(side, d, a, lw, lh, w, h);
            }
        }
        return box(side, gap, want, lw, lh, w, h);
    }

    /** The free place along the edge nearest {@code want}, or null when the band leaves none. */
    private static Double nearestFree(double want, double lo, double hi, double size, List<double[]> band) {
        List<Double> candidates = new ArrayList<>();
        candidates.add(want);
        for (double[] b : band) {
            candidates.add(b[3] + PAD); // just after it
            candidates.add(b[2] - PAD - size); // just before it
        }
        Double best = null;
        for (double c : candidates) {
            if (c < lo - 1e-9 || c > hi + 1e-9 || (best != null && Math.abs(c - want) >= Math.abs(best - want))) {
                continue;
            }
            boolean free = true;
            for (double[] b : band) {
                if (b[3] + PAD > c + 1e-9 && b[2] - PAD < c + size - 1e-9) {
                    free = false;
                    break;
                }
            }
            if (free) {
                best = c;
            }
        }
        return best;
    }

    private static Rectangle2D box(
            OffViewMarks.Side side, double d, double a, double lw, double lh, double w, double h) {
        return switch (side) {
            case LEFT -> new Rectangle2D(d, a, lw, lh);
            case RIGHT -> new Rectangle2D(w - d - lw, a, lw, lh);
            case TOP -> new Rectangle2D(a, d, lw, lh);
            case BOTTOM -> new Rectangle2D(a, h - d - lh, lw, lh);
        };
    }
}
