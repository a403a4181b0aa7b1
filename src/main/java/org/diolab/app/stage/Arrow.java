package org.diolab.app.stage;

import javafx.geometry.Point2D;
import javafx.scene.Group;
import javafx.scene.shape.Line;
import javafx.scene.shape.Polygon;

/** A straight arrow between two points, styled by CSS class ({@code bvec-arrow}, {@code dma-arrow}). */
final class Arrow extends Group {
    Arrow(Point2D from, Point2D to, String styleClass) {
        getStyleClass().addAll("arrow", styleClass);
        Line line = new Line(from.getX(), from.getY(), to.getX(), to.getY());
        line.getStyleClass().add("arrow-line");
        double angle = Math.atan2(to.getY() - from.getY(), to.getX() - from.getX());
        double size = 9;
        Polygon head = new Polygon(
                to.getX(), to.getY(),
                to.getX() - size * Math.cos(angle - Math.PI / 7), to.getY() - size * Math.sin(angle - Math.PI / 7),
                to.getX() - size * Math.cos(angle + Math.PI / 7), to.getY() - size * Math.sin(angle + Math.PI / 7));
        head.getStyleClass().add("arrow-head");
        getChildren().addAll(line, head);
        setMouseTransparent(true);
    }
}
