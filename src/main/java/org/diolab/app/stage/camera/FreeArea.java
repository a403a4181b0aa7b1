package org.diolab.app.stage.camera;

import java.util.List;
import javafx.geometry.Rectangle2D;

/**
 * The part of the stage's viewport that what is drawn over it (a toast, a pane laid across the stage) leaves free, in
 * viewport px: the camera frames each step in it, so the action is never under a cover. Beside each cover the
 * largest free side is kept (left, right, above or below it): one rectangle, so a shot stays a centre and a scale.
 */
public final class FreeArea {
    /** Less than this free, in px, and the cover is ignored: a frame that small would show nothing. */
    static final double LEAST = 120;

    private FreeArea() {}

    /** @param covers what is drawn over the viewport, each in viewport px (parts outside it do not count) */
    public static Rectangle2D of(double width, double height, List<Rectangle2D> covers) {
        Rectangle2D free = new Rectangle2D(0, 0, Math.max(0, width), Math.max(0, height));
        for (Rectangle2D c : covers) {
            if (c == null || !c.intersects(free)) {
                continue;
            }
            double[][] sides = {
                {free.getMinX(), free.getMinY(), c.getMinX() - free.getMinX(), free.getHeight()},
                {c.getMaxX(), free.getMinY(), free.getMaxX() - c.getMaxX(), free.getHeight()},
                {free.getMinX(), free.getMinY(), free.getWidth(), c.getMinY() - free.getMinY()},
                {free.getMinX(), c.getMaxY(), free.getWidth(), free.getMaxY() - c.getMaxY()}
            };
            Rectangle2D best = null;
            for (double[] s : sides) {
                if (s[2] >= LEAST && s[3] >= LEAST && (best == null || s[2] * s[3] > area(best))) {
                    best = new Rectangle2D(s[0], s[1], s[2], s[3]);
                }
            }
            free = best == null ? free : best;
        }
        return free;
    }

    private static double area(Rectangle2D r) {
        return r.getWidth() * r.getHeight();
    }
}
