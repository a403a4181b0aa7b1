package org.diolab.app.stage.layout;

import java.util.List;
import javafx.geometry.Point2D;
import org.diolab.engine.model.Ref;

/**
 * An arrow as drawn: a polyline of horizontal and vertical segments (corners are rounded when drawn), between two
 * cards. A DMA through a clone is two routes, page → clone and clone → block.
 *
 * @param count how many bvecs or DMA transfers the arrow stands for: one, or all those into or out of a crowd (an
 *              arrow to a crowd ends at the edge cell facing it)
 */
public record Route(ArrowKind kind, Ref from, Ref to, List<Point2D> points, int count) {
    public Route {
        points = List.copyOf(points);
    }

    public Route(ArrowKind kind, Ref from, Ref to, List<Point2D> points) {
        this(kind, from, to, points, 1);
    }

    Route withCount(int n) {
        return new Route(kind, from, to, points, n);
    }

    public double length() {
        double sum = 0;
        for (int i = 1; i < points.size(); i++) {
            sum += points.get(i - 1).distance(points.get(i));
        }
        return sum;
    }

    /** The point at {@code fraction} (0..1) of the way along the polyline. */
    public Point2D at(double fraction) {
        double want = Math.clamp(fraction, 0, 1) * length();
        for (int i = 1; i < points.size(); i++) {
            Point2D a = points.get(i - 1);
            Point2D b = points.get(i);
            double seg = a.distance(b);
            if (want <= seg || i == points.size() - 1) {
                return seg == 0 ? b : a.add(b.subtract(a).multiply(Math.min(1, want / seg)));
            }
            want -= seg;
        }
        return points.getLast();
    }
}
