package org.diolab.app.stage;

import javafx.geometry.Rectangle2D;
import javafx.scene.layout.Region;
import javafx.scene.shape.Rectangle;

/**
 * Lets the renderer skip what lies outside the camera's view. JavaFX draws every node of a snapshot (an export frame,
 * the benchmark) and every node under a window's dirty region, in view or not, clipped only at the last moment — a
 * stage framed at a readable zoom shows a third of its cards and paid for all of them (their text as outlines,
 * their rounded boxes). A node with a rectangular clip whose on-screen rectangle misses the current clip is skipped
 * whole, children and all; so each card, lane, heading and crowd gets a clip a margin larger than its box, which cuts
 * nothing it draws (its badge and notch hang over its edge by less than the margin) and lets the camera's viewport
 * clip cull it when it is out of view.
 */
final class Culling {
    /** Beyond a box, in stage units: more than a badge, notch or shadow ring reaches. */
    static final double MARGIN = 40;

    private Culling() {}

    /** Clips {@code n} (placed at {@code box}) to its box and a margin, so that out of view it is not drawn. */
    static void cullable(Region n, Rectangle2D box) {
        double mx = Math.max(MARGIN, box.getWidth() / 2); // a badge wider than a narrow card hangs left of it
        n.setClip(new Rectangle(-mx, -MARGIN, box.getWidth() + 2 * mx, box.getHeight() + 2 * MARGIN));
    }
}
