package org.diolab.app.stage.camera;

import javafx.geometry.Rectangle2D;

/**
 * Where the camera looks: the stage point at the viewport's centre (stage units) and the scale (screen px per stage
 * unit). The stage's objects never move; only the shot does.
 */
public record Shot(double scale, double centerX, double centerY) {
    /** The part of the stage a viewport of {@code width} × {@code height} px shows, in stage units. */
    public Rectangle2D seen(double width, double height) {
        double w = width / scale;
        double h = height / scale;
        return new Rectangle2D(centerX - w / 2, centerY - h / 2, w, h);
    }

    /**
     * The shot at {@code t} (0..1, eased in and out) on the way from this one to {@code to}: the zoom changes by the
     * same factor each instant (a linear zoom feels like it speeds up), the centre moves so that the picture glides
     * in screen space rather than in stage space.
     */
    public Shot toward(Shot to, double t) {
        double e = t <= 0 ? 0 : t >= 1 ? 1 : t * t * (3 - 2 * t);
        double s = scale * Math.pow(to.scale / scale, e);
        // The centre's path in screen px: what the eye follows. Interpolating c·s and dividing by s keeps a point that
        // is in view at both ends in view on the way.
        double cx = (centerX * scale + (to.centerX * to.scale - centerX * scale) * e) / s;
        double cy = (centerY * scale + (to.centerY * to.scale - centerY * scale) * e) / s;
        if (Math.abs(scale - to.scale) < 1e-9) {
            cx = centerX + (to.centerX - centerX) * e;
            cy = centerY + (to.centerY - centerY) * e;
        }
        return new Shot(s, cx, cy);
    }
}
