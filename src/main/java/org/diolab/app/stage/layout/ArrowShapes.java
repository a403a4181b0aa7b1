package org.diolab.app.stage.layout;

import java.util.List;
import javafx.geometry.Point2D;
import javafx.scene.Group;
import javafx.scene.shape.ArcTo;
import javafx.scene.shape.LineTo;
import javafx.scene.shape.MoveTo;
import javafx.scene.shape.Path;
import javafx.scene.shape.Polygon;

/** Draws routes: a path with rounded corners and an arrow head, styled by CSS class ({@code bvec-arrow}, ...). */
public final class ArrowShapes {
    private static final double RADIUS = 8;
    private static final double HEAD = 10;

    private ArrowShapes() {}

    public static Group draw(Route r, boolean head) {
        Group g = new Group();
        g.getStyleClass().addAll("arrow", r.kind().css());
        Path path = path(r.points());
        path.getStyleClass().add("arrow-line");
        g.getChildren().add(path);
        if (head) {
            g.getChildren().add(head(r.points()));
        }
        return g;
    }

    static Path path(List<Point2D> pts) {
        Path p = new Path();
        p.getElements().add(new MoveTo(pts.getFirst().getX(), pts.getFirst().getY()));
        for (int i = 1; i < pts.size() - 1; i++) {
            Point2D a = pts.get(i - 1);
            Point2D b = pts.get(i);
            Point2D c = pts.get(i + 1);
            double r = Math.min(RADIUS, Math.min(a.distance(b), b.distance(c)) / 2);
            if (r < 0.5) {
                p.getElements().add(new LineTo(b.getX(), b.getY()));
                continue;
            }
            Point2D in = b.add(a.subtract(b).normalize().multiply(r));
            Point2D out = b.add(c.subtract(b).normalize().multiply(r));
            p.getElements().add(new LineTo(in.getX(), in.getY()));
            double cross =
                    (b.getX() - a.getX()) * (c.getY() - b.getY()) - (b.getY() - a.getY()) * (c.getX() - b.getX());
            p.getElements().add(new ArcTo(r, r, 0, out.getX(), out.getY(), false, cross > 0));
        }
        p.getElements().add(new LineTo(pts.getLast().getX(), pts.getLast().getY()));
        return p;
    }

    private static Polygon head(List<Point2D> pts) {
        Point2D to = pts.getLast();
        Point2D from = pts.get(pts.size() - 2);
        double angle = Math.atan2(to.getY() - from.getY(), to.getX() - from.getX());
        Polygon head = new Polygon(
                to.getX(),
                to.getY(),
                to.getX() - HEAD * Math.cos(angle - Math.PI / 7),
                to.getY() - HEAD * Math.sin(angle - Math.PI / 7),
                to.getX() - HEAD * Math.cos(angle + Math.PI / 7),
                to.getY() - HEAD * Math.sin(angle + Math.PI / 7));
        head.getStyleClass().add("arrow-head");
        return head;
    }
}
