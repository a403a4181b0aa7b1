package org.diolab.app.stage.camera;

import java.util.ArrayList;
import java.util.List;
import javafx.geometry.Rectangle2D;

/**
 * Keeps a shot's edges off the cards: a card sliced by the frame's edge reads as a broken word ("bio w1" as "io w1",
 * a column heading without its first letters). Within the slack the step leaves — what it changed stays in view, the
 * view stays on the stage — the shot slides along each axis to where the fewest cards, lanes and headings are cut,
 * bringing a cut one in or pushing it out, whichever costs the smallest slide. If cards are still cut and the shot is
 * closer than the readable scale, it may step back a little (never below readable) to take them in whole.
 */
final class EdgeCuts {
    private EdgeCuts() {}

    /**
     * @param must  what the step changed (kept in view as it was), or null
     * @param boxes the cards, lanes and headings on show, in stage units
     */
    static Shot avoid(
            Shot s,
            Rectangle2D must,
            double readable,
            List<Rectangle2D> boxes,
            double stageW,
            double stageH,
            double vpW,
            double vpH) {
        List<double[]> xs = new ArrayList<>();
        List<double[]> ys = new ArrayList<>();
        for (Rectangle2D b : boxes) {
            xs.add(new double[] {b.getMinX(), b.getMaxX()});
            ys.add(new double[] {b.getMinY(), b.getMaxY()});
        }
        Shot best = slid(s, must, xs, ys, stageW, stageH, vpW, vpH);
        int cuts = cuts(best, xs, ys, vpW, vpH);
        // Back off in steps of 2 %, as far as the readable scale, while that takes cut cards in whole.
        for (double k = s.scale() * 0.98; cuts > 0 && k >= readable && k > s.scale() * 0.85; k *= 0.98) {
            Shot back = new Shot(
                    k, Framing.clamp(s.centerX(), stageW, vpW / k), Framing.clamp(s.centerY(), stageH, vpH / k));
            Shot wider = slid(back, must, xs, ys, stageW, stageH, vpW, vpH);
            int n = cuts(wider, xs, ys, vpW, vpH);
            if (n < cuts) {
                best = wider;
                cuts = n;
            }
        }
        return best;
    }

    private static Shot slid(
            Shot s,
            Rectangle2D must,
            List<double[]> xs,
            List<double[]> ys,
            double stageW,
            double stageH,
            double vpW,
            double vpH) {
        if (must == null) {
            return s;
        }
        double m = Framing.MARGIN / s.scale();
        return new Shot(
                s.scale(),
                slide(s.centerX(), vpW / s.scale(), must.getMinX(), must.getMaxX(), xs, stageW, m),
                slide(s.centerY(), vpH / s.scale(), must.getMinY(), must.getMaxY(), ys, stageH, m));
    }

    private static int cuts(Shot s, List<double[]> xs, List<double[]> ys, double vpW, double vpH) {
        return cuts(s.centerX(), vpW / s.scale(), xs) + cuts(s.centerY(), vpH / s.scale(), ys);
    }

    /** The centre on one axis, at most as far from {@code c} as keeps [keepMin, keepMax] and the stage in view. */
    static double slide(
            double c, double span, double keepMin, double keepMax, List<double[]> boxes, double size, double m) {
        if (span >= size) {
            return c; // the whole stage is in view on this axis: nothing is cut
        }
        List<Double> candidates = new ArrayList<>();
        candidates.add(c);
        double lo = c - span / 2;
        double hi = c + span / 2;
        for (double[] b : boxes) {
            if (b[0] < lo && b[1] > lo) {
                candidates.add(c - (lo - b[0]) - m); // bring it in
                candidates.add(c + (b[1] - lo) + m); // push it out
            }
            if (b[0] < hi && b[1] > hi) {
                candidates.add(c + (b[1] - hi) + m);
                candidates.add(c - (hi - b[0]) - m);
            }
        }
        // Where what changed was in view with its margin, it stays so; a region larger than the view keeps its place.
        boolean keep = keepMin >= lo + m - 1e-6 && keepMax <= hi - m + 1e-6;
        double best = c;
        int bestCuts = cuts(c, span, boxes);
        for (double k : candidates) {
            boolean onStage = k - span / 2 >= -1e-6 && k + span / 2 <= size + 1e-6;
            boolean kept = !keep || (keepMin >= k - span / 2 + m - 1e-6 && keepMax <= k + span / 2 - m + 1e-6);
            if (!onStage || !kept || (!keep && k != c)) {
                continue;
            }
            int n = cuts(k, span, boxes);
            if (n < bestCuts || (n == bestCuts && Math.abs(k - c) < Math.abs(best - c))) {
                best = k;
                bestCuts = n;
            }
        }
        return best;
    }

    /** How many boxes a view {@code span} wide centred on {@code c} cuts with its edges. */
    static int cuts(double c, double span, List<double[]> boxes) {
        double lo = c - span / 2 + 0.5;
        double hi = c + span / 2 - 0.5;
        int n = 0;
        for (double[] b : boxes) {
            if ((b[0] < lo && b[1] > lo) || (b[0] < hi && b[1] > hi)) {
                n++;
            }
        }
        return n;
    }
}
