package org.diolab.app.stage;

import java.util.Set;
import java.util.function.Supplier;
import javafx.geometry.Bounds;
import javafx.geometry.Rectangle2D;
import javafx.scene.Group;
import javafx.scene.Node;
import javafx.scene.control.ScrollPane;
import javafx.scene.input.ScrollEvent;
import javafx.scene.layout.Region;
import javafx.scene.layout.StackPane;
import javafx.scene.transform.Scale;
import org.diolab.app.stage.cast.StageCast;
import org.diolab.app.stage.layout.Anchor;
import org.diolab.app.stage.layout.StageLayout;
import org.diolab.engine.model.Ref;

/**
 * How much of the stage is in view, and how big: fits the whole stage to the viewport by default (never below
 * {@link StageView#MIN_FIT}, unless what the step changed would not fit either), or the user's zoom; and scrolls so
 * that the objects the step on show changed are in view, their whole cards. The stage's content is laid out in stage
 * units; this scales it, centred in a scroll pane.
 */
final class StageCamera {
    private final StageView view;
    private final StageContent content;
    private final Supplier<StageFrame> shown;
    private final Scale zoom = new Scale(1, 1, 0, 0);
    private final StackPane centerer;
    private final ScrollPane scroll;

    /** @param shown the frame on show (null before the first) */
    StageCamera(StageView view, StageContent content, Supplier<StageFrame> shown) {
        this.view = view;
        this.content = content;
        this.shown = shown;
        content.getTransforms().add(zoom);
        centerer = new StackPane(new Group(content));
        centerer.getStyleClass().add("stage-canvas");
        scroll = new ScrollPane(centerer);
        scroll.getStyleClass().add("stage-scroll");
        scroll.setFocusTraversable(false);
        scroll.setPannable(true);
        // The scroll pane keeps its viewport as a bitmap. The stage changes every step and every frame of a
        // transition, so the bitmap saves nothing, and a snapshot (every exported frame, every screenshot) was drawn
        // from a stale one: the picture of an earlier step.
        scroll.skinProperty().addListener((o, a, skin) -> {
            if (scroll.lookup(".viewport") instanceof Node viewport) {
                viewport.setCache(false);
            }
        });
        scroll.viewportBoundsProperty().addListener((o, a, b) -> update());
        scroll.addEventFilter(ScrollEvent.SCROLL, e -> {
            if (e.isShortcutDown() && e.getDeltaY() != 0) {
                if (e.getDeltaY() > 0) {
                    view.zoomIn();
                } else {
                    view.zoomOut();
                }
                e.consume();
            }
        });
    }

    /** The node that shows the stage: a scroll pane around the scaled content. */
    Region node() {
        return scroll;
    }

    /** Fits or zooms the stage and scrolls what the step on show changed into view. */
    void update() {
        Bounds vp = scroll.getViewportBounds();
        StageLayout l = content.layout;
        double s = view.zoomProperty().get();
        if (view.fitProperty().get() && l.width() > 0 && vp.getWidth() > 0) {
            s = Math.min((vp.getWidth() - 4) / l.width(), (vp.getHeight() - 4) / l.height());
            if (s < StageView.MIN_FIT) {
                // Too big to fit readable: stay at MIN_FIT and scroll, unless what this step changes would not fit
                // either; then zoom out just enough to show all of it (never below showing the whole stage).
                StageFrame frame = shown.get();
                Rectangle2D want =
                        frame == null ? null : changedArea(frame.snapshot().changed());
                double forStep = want == null
                        ? StageView.MIN_FIT
                        : Math.min((vp.getWidth() - 8) / want.getWidth(), (vp.getHeight() - 8) / want.getHeight());
                s = Math.clamp(Math.min(StageView.MIN_FIT, forStep), s, StageView.MIN_FIT);
            }
            s = Math.min(s, StageView.MAX_ZOOM);
        }
        double prefW = Math.max(vp.getWidth(), l.width() * s);
        double prefH = Math.max(vp.getHeight(), l.height() * s);
        boolean resized = s != zoom.getX()
                || prefW != centerer.getPrefWidth()
                || prefH != centerer.getPrefHeight()
                || vp.getWidth() != centerer.getMinWidth()
                || vp.getHeight() != centerer.getMinHeight();
        zoom.setX(s);
        zoom.setY(s);
        view.scale.set(s);
        centerer.setMinSize(vp.getWidth(), vp.getHeight());
        centerer.setPrefSize(prefW, prefH);
        StageFrame shownFrame = shown.get();
        if (shownFrame != null) {
            if (resized) {
                // The new size before scrolling: ensureVisible reads the viewport. Only when it changed: a forced
                // layout here, before the step's CSS is applied, would lay the whole stage out twice a step.
                scroll.layout();
            }
            ensureVisible(shownFrame.snapshot().changed());
        }
    }

    /** Scrolls so that what the step changed is in view (when the stage is larger than its viewport). */
    private void ensureVisible(Set<Ref> changed) {
        Rectangle2D want = changedArea(changed);
        Rectangle2D seen = visibleArea();
        if (want == null || seen.getWidth() <= 0 || contains(seen, want)) {
            return;
        }
        double s = zoom.getX();
        Bounds vp = scroll.getViewportBounds();
        double totalW = centerer.getPrefWidth();
        double totalH = centerer.getPrefHeight();
        if (totalW > vp.getWidth()) {
            double cx = (want.getMinX() + want.getWidth() / 2) * s - vp.getWidth() / 2;
            scroll.setHvalue(Math.clamp(cx / (totalW - vp.getWidth()), 0, 1));
        }
        if (totalH > vp.getHeight()) {
            double cy = (want.getMinY() + want.getHeight() / 2) * s - vp.getHeight() / 2;
            scroll.setVvalue(Math.clamp(cy / (totalH - vp.getHeight()), 0, 1));
        }
    }

    /**
     * The smallest rectangle holding the whole card of every drawn object in {@code changed} (a block's device, a
     * checksum's table: the reader needs the card's title to know what changed), in stage units, or null.
     */
    private Rectangle2D changedArea(Set<Ref> changed) {
        Rectangle2D want = null;
        for (Ref r : changed) {
            Rectangle2D drawn = rectOf(r);
            Rectangle2D card = drawn == null ? null : content.layout.card(StageCast.cardOf(r));
            Rectangle2D b = card != null ? card : drawn;
            if (b != null) {
                want = want == null ? b : union(want, b);
            }
        }
        return want;
    }

    /** The stage area in view, in stage units. */
    Rectangle2D visibleArea() {
        Bounds vp = scroll.getViewportBounds();
        double s = zoom.getX();
        StageLayout l = content.layout;
        if (vp.getWidth() <= 0 || s <= 0) {
            return Rectangle2D.EMPTY;
        }
        double offX = Math.max(0, (vp.getWidth() - l.width() * s) / 2);
        double offY = Math.max(0, (vp.getHeight() - l.height() * s) / 2);
        double sx = Math.max(0, l.width() * s - vp.getWidth()) * scroll.getHvalue();
        double sy = Math.max(0, l.height() * s - vp.getHeight()) * scroll.getVvalue();
        return new Rectangle2D((sx - offX) / s, (sy - offY) / s, vp.getWidth() / s, vp.getHeight() / s);
    }

    private Rectangle2D rectOf(Ref r) {
        Rectangle2D anchor = Anchor.forRef(r).map(content.anchors::get).orElse(null);
        if (anchor != null) {
            return anchor;
        }
        return content.layout.card(StageCast.cardOf(r));
    }

    private static boolean contains(Rectangle2D outer, Rectangle2D inner) {
        return inner.getMinX() >= outer.getMinX() - 0.5
                && inner.getMinY() >= outer.getMinY() - 0.5
                && inner.getMaxX() <= outer.getMaxX() + 0.5
                && inner.getMaxY() <= outer.getMaxY() + 0.5;
    }

    private static Rectangle2D union(Rectangle2D a, Rectangle2D b) {
        double x = Math.min(a.getMinX(), b.getMinX());
        double y = Math.min(a.getMinY(), b.getMinY());
        return new Rectangle2D(x, y, Math.max(a.getMaxX(), b.getMaxX()) - x, Math.max(a.getMaxY(), b.getMaxY()) - y);
    }
}
