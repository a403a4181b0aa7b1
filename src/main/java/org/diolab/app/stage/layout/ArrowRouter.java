package org.diolab.app.stage.layout;

import java.util.ArrayList;
import java.util.List;
import javafx.geometry.Point2D;
import javafx.geometry.Rectangle2D;
import org.diolab.engine.model.Ref;

/**
 * Routes arrows between cards so they cross neither cards nor headings: out of the source card's side that faces the
 * target, along the gutter next to it, through the channel above or below the columns when strips lie in between,
 * down the target's gutter and in. Arrows of one kind take different tracks so they do not lie on each other.
 */
final class ArrowRouter {
    static final int TRACKS = 3;
    private static final double TRACK_GAP = 8;

    private final StageLayout layout;

    ArrowRouter(StageLayout layout) {
        this.layout = layout;
    }

    /**
     * @param fromY where on the source card's side the arrow leaves (e.g. the bvec's row)
     * @param toY   where on the target card's side it arrives
     */
    Route route(ArrowKind kind, Ref from, double fromY, Ref to, double toY, int track) {
        Rectangle2D a = layout.card(from);
        Rectangle2D b = layout.card(to);
        int sa = layout.strips().get(from);
        int sb = layout.strips().get(to);
        Point2D start;
        Point2D end;
        int gs;
        int gd;
        if (sa < sb) {
            start = new Point2D(a.getMaxX(), fromY);
            end = new Point2D(b.getMinX(), toY);
            gs = sa + 1;
            gd = sb;
        } else if (sa > sb) {
            start = new Point2D(a.getMinX(), fromY);
            end = new Point2D(b.getMaxX(), toY);
            gs = sa;
            gd = sb + 1;
        } else {
            start = new Point2D(a.getMaxX(), fromY);
            end = new Point2D(b.getMaxX(), toY);
            gs = sa + 1;
            gd = gs;
        }
        List<Point2D> pts = new ArrayList<>();
        pts.add(start);
        double xs = gutterX(gs, track);
        if (gs == gd) {
            if (Math.abs(fromY - toY) > 0.5 || sa == sb) {
                pts.add(new Point2D(xs, fromY));
                pts.add(new Point2D(xs, toY));
            }
        } else {
            double xd = gutterX(gd, track);
            double cy = channelY(fromY, toY, track);
            pts.add(new Point2D(xs, fromY));
            pts.add(new Point2D(xs, cy));
            pts.add(new Point2D(xd, cy));
            pts.add(new Point2D(xd, toY));
        }
        pts.add(end);
        return new Route(kind, from, to, pts);
    }

    private double gutterX(int gutter, int track) {
        double min = layout.gutterMinX(gutter);
        double max = layout.gutterMaxX(gutter);
        double mid = (min + max) / 2;
        double x = mid + (Math.floorMod(track, TRACKS) - (TRACKS - 1) / 2.0) * TRACK_GAP;
        return Math.clamp(x, min + 4, max - 4);
    }

    /** The channel (above or below the columns) that makes the shorter trip. */
    private double channelY(double fromY, double toY, int track) {
        Rectangle2D top = layout.channels().get(0);
        Rectangle2D bottom = layout.channels().get(1);
        double viaTop = Math.abs(fromY - top.getMinY()) + Math.abs(toY - top.getMinY());
        double viaBottom = Math.abs(fromY - bottom.getMaxY()) + Math.abs(toY - bottom.getMaxY());
        Rectangle2D c = viaTop <= viaBottom ? top : bottom;
        double y = (c.getMinY() + c.getMaxY()) / 2 + (Math.floorMod(track, TRACKS) - (TRACKS - 1) / 2.0) * TRACK_GAP;
        return Math.clamp(y, c.getMinY() + 3, c.getMaxY() - 3);
    }
}
