package org.diolab.app.stage;

import java.util.Set;
import java.util.function.Supplier;
import javafx.geometry.Rectangle2D;
import javafx.scene.Node;
import javafx.scene.control.Labeled;
import javafx.scene.input.MouseEvent;
import javafx.scene.input.ScrollEvent;
import javafx.scene.layout.Pane;
import javafx.scene.layout.Region;
import javafx.scene.shape.Rectangle;
import javafx.scene.text.Text;
import javafx.scene.transform.Scale;
import javafx.scene.transform.Translate;
import org.diolab.app.stage.camera.Focus;
import org.diolab.app.stage.camera.Framing;
import org.diolab.app.stage.camera.FreeArea;
import org.diolab.app.stage.camera.Shot;
import org.diolab.app.stage.cards.LaneRow;
import org.diolab.app.stage.layout.StageLayout;
import org.diolab.engine.model.Ref;

/**
 * The stage's camera: a clipped viewport onto the {@link StageContent}, which it scales and pans and never lays out
 * again. Following (the default), each step's shot frames the region the step's action happens in at a readable zoom
 * (see {@link Framing}); the skin glides there during the step's transition, or cuts. Overview shows the whole scene;
 * a manual zoom or drag holds until Fit. Objects never move in stage units: only the shot does.
 */
final class StageCamera {
    private final StageView view;
    private final StageContent content;
    private final Supplier<StageFrame> shown;
    private final Supplier<Set<Ref>> onShow;
    private final Scale zoom = new Scale(1, 1, 0, 0);
    private final Translate pan = new Translate();
    private final Pane viewport = new Pane();
    private final Rectangle clip = new Rectangle();
    private final OffViewMarks marks = new OffViewMarks();
    /** What the shot being aimed at leaves out is marked from these (null: no marks, as in overview). */
    private java.util.List<Focus.Part> aimParts;

    private Shot current = new Shot(1, 0, 0);
    private Shot from;
    private Shot to;
    /** The smallest font on the stage, in stage units (what the readable scale is computed for). */
    private double smallestFont = 14;

    private double dragX;
    private double dragY;
    private boolean dragging;

    /**
     * @param shown  the frame on show (null before the first)
     * @param onShow the objects on show at that frame
     */
    StageCamera(StageView view, StageContent content, Supplier<StageFrame> shown, Supplier<Set<Ref>> onShow) {
        this.view = view;
        this.content = content;
        this.shown = shown;
        this.onShow = onShow;
        content.getTransforms().setAll(pan, zoom);
        content.setManaged(false);
        viewport.getChildren().addAll(content, marks.node());
        viewport.getStyleClass().addAll("stage-viewport", "stage-canvas");
        viewport.setClip(clip);
        viewport.setMinSize(0, 0);
        viewport.widthProperty().addListener((o, a, b) -> update());
        viewport.heightProperty().addListener((o, a, b) -> update());
        viewport.addEventFilter(ScrollEvent.SCROLL, this::scrolled);
        // A cover that appears moves the shot out from under it at once; one that goes leaves the shot until the
        // next step (the picture does not jump while the presenter talks).
        javafx.beans.value.ChangeListener<Boolean> shownCover = (o, was, now) -> {
            if (now) {
                update();
            }
        };
        view.covers().addListener((javafx.collections.ListChangeListener<Node>) c -> {
            while (c.next()) {
                c.getRemoved().forEach(n -> n.visibleProperty().removeListener(shownCover));
                c.getAddedSubList().forEach(n -> n.visibleProperty().addListener(shownCover));
            }
            update();
        });
        viewport.addEventHandler(MouseEvent.MOUSE_PRESSED, e -> {
            dragX = e.getX();
            dragY = e.getY();
            dragging = false;
        });
        viewport.addEventHandler(MouseEvent.MOUSE_DRAGGED, e -> {
            // A click's jitter is not a pan: the camera keeps following until the pointer really moves.
            dragging = dragging || Math.hypot(e.getX() - dragX, e.getY() - dragY) > 6;
            if (!dragging) {
                return;
            }
            manual(
                    current.scale(),
                    current.centerX() - (e.getX() - dragX) / current.scale(),
                    current.centerY() - (e.getY() - dragY) / current.scale());
            dragX = e.getX();
            dragY = e.getY();
        });
    }

    /** The node that shows the stage. */
    Region node() {
        return viewport;
    }

    /** After a new cast: measures its smallest text, then shows the current step's shot. */
    void rebuilt() {
        double min = Double.MAX_VALUE;
        for (Node n : content.lookupAll("*")) {
            double size = n instanceof Text t
                    ? t.getFont().getSize()
                    : n instanceof Labeled l ? l.getFont().getSize() : 0;
            if (size > 0 && !(n instanceof Text t && t.getText().isBlank())) {
                min = Math.min(min, size);
            }
        }
        smallestFont = min == Double.MAX_VALUE ? 14 : min;
        update();
    }

    /** Cuts to the shot the mode asks for (a new size, mode, zoom or step without motion). */
    void update() {
        from = null;
        to = null;
        show(target());
        mark();
    }

    /** Starts a glide to this step's shot; {@link #glide} moves along it with the step's transition. */
    void beginGlide() {
        Shot target = target();
        from = current;
        to = target;
    }

    /** The glide at {@code t} (0..1); at 1 it ends on its target. */
    void glide(double t) {
        if (from == null || to == null) {
            return;
        }
        show(from.toward(to, t));
        if (t >= 1) {
            from = null;
            to = null;
            mark();
        }
    }

    /** Where the camera should be now, by mode. */
    private Shot target() {
        StageLayout l = content.layout;
        double w = viewport.getWidth();
        double h = viewport.getHeight();
        Rectangle2D free = free(w, h);
        aimParts = null;
        Shot whole =
                Framing.within(Framing.overview(l.width(), l.height(), free.getWidth(), free.getHeight()), free, w, h);
        return switch (view.cameraProperty().get()) {
            case OVERVIEW -> whole;
            case MANUAL -> new Shot(view.zoomProperty().get(), current.centerX(), current.centerY());
            case FOLLOW -> {
                StageFrame f = shown.get();
                // While the learner schedules, every lane's and device's Step button must be in reach: the whole scene.
                if (f == null || view.onStepProperty().get() != null) {
                    yield whole;
                }
                Focus focus = Focus.of(f.snapshot(), l, onShow.get(), this::laneUsed);
                double px = view.readableTextProperty().get();
                double readable = px / smallestFont;
                // Text asked larger than a projector's 18 px (a 4K screen for the same room) may come as close.
                double closest = Framing.MAX_SCALE * Math.max(1, px / 18);
                aimParts = focus.parts();
                yield Framing.follow(
                        focus.all(),
                        focus.must(),
                        focus.parts(),
                        readable,
                        closest,
                        boxes(l),
                        l.width(),
                        l.height(),
                        free,
                        w,
                        h);
            }
        };
    }

    /** The part of the viewport no cover on show lies over, in viewport px. */
    private Rectangle2D free(double w, double h) {
        java.util.List<Rectangle2D> covered = new java.util.ArrayList<>();
        for (Node n : view.covers()) {
            if (n.isVisible() && n.getScene() != null && n.getScene() == viewport.getScene()) {
                javafx.geometry.Bounds b = viewport.sceneToLocal(n.localToScene(n.getLayoutBounds()));
                covered.add(new Rectangle2D(b.getMinX(), b.getMinY(), b.getWidth(), b.getHeight()));
            }
        }
        return FreeArea.of(w, h, covered);
    }

    /** What a frame's edge should not slice: the cards on show (not a crowd's cells), lanes' used parts, headings. */
    private java.util.List<Rectangle2D> boxes(StageLayout l) {
        java.util.List<Rectangle2D> boxes = new java.util.ArrayList<>();
        for (Ref r : onShow.get()) {
            Rectangle2D b = l.card(r);
            if (b != null && l.crowdOf(r) == null) {
                boxes.add(b);
            }
        }
        l.lanes()
                .forEach((actor, b) -> boxes.add(new Rectangle2D(
                        b.getMinX(),
                        b.getMinY(),
                        Math.min(b.getWidth(), Math.max(1, laneUsed(actor))),
                        b.getHeight())));
        l.headings().forEach(hd -> boxes.add(hd.box()));
        return boxes;
    }

    private double laneUsed(String actor) {
        LaneRow row = content.lanes.get(actor);
        return row == null ? 0 : row.usedWidth();
    }

    private void show(Shot s) {
        current = s;
        double w = viewport.getWidth();
        double h = viewport.getHeight();
        clip.setWidth(w);
        clip.setHeight(h);
        zoom.setX(s.scale());
        zoom.setY(s.scale());
        pan.setX(w / 2 - s.scale() * s.centerX());
        pan.setY(h / 2 - s.scale() * s.centerY());
        view.scale.set(s.scale());
        if (from != null) {
            marks.clear(); // on the way: the marks are for the shot the step rests on
        }
    }

    /** Names, at the frame's edge, what the step involves and the shot at rest leaves out. */
    private void mark() {
        marks.show(
                aimParts,
                current,
                viewport.getWidth(),
                viewport.getHeight(),
                view.readableTextProperty().get());
    }

    /** The cards a mark at the frame's edge names now. */
    Set<Ref> marked() {
        return marks.marked();
    }

    /** A manual shot: the user's zoom (about {@code cx, cy}) holds until Fit. */
    private void manual(double scale, double cx, double cy) {
        current = new Shot(current.scale(), cx, cy);
        view.zoomTo(scale);
        if (view.zoomProperty().get() == scale) {
            update(); // zoomTo changed nothing the listeners see: show the pan now
        }
    }

    /** Ctrl + wheel zooms about the pointer; the wheel alone pans. */
    private void scrolled(ScrollEvent e) {
        double s = current.scale();
        if (e.isShortcutDown() && e.getDeltaY() != 0) {
            double k = e.getDeltaY() > 0 ? 1.25 : 1 / 1.25;
            double px = current.centerX() + (e.getX() - viewport.getWidth() / 2) / s;
            double py = current.centerY() + (e.getY() - viewport.getHeight() / 2) / s;
            double ns = Math.clamp(s * k, 0.2, StageView.MAX_ZOOM);
            // Keep the stage point under the pointer where it is.
            manual(ns, px - (px - current.centerX()) * s / ns, py - (py - current.centerY()) * s / ns);
        } else {
            manual(s, current.centerX() - e.getDeltaX() / s, current.centerY() - e.getDeltaY() / s);
        }
        e.consume();
    }

    /** The stage area in view, in stage units. */
    Rectangle2D visibleArea() {
        if (viewport.getWidth() <= 0 || current.scale() <= 0) {
            return Rectangle2D.EMPTY;
        }
        return current.seen(viewport.getWidth(), viewport.getHeight());
    }
}
