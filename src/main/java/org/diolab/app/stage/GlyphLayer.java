package org.diolab.app.stage;

import java.util.IdentityHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import javafx.geometry.Bounds;
import javafx.geometry.Point2D;
import javafx.scene.Group;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.shape.Rectangle;
import javafx.scene.text.Font;
import javafx.scene.text.Text;

/**
 * The stage's text at rest, drawn unscaled. The camera zooms the stage by a transform, and JavaFX's software pipeline
 * (the one a window without a GPU gets, and every export) fills each glyph's outline when a text's transform scales;
 * only under a translate-only transform do glyphs come from its glyph cache. Text was half of the render thread's time
 * (profiled). So while the camera rests, every text in view is drawn here instead, in the viewport's own units: the
 * same string at its font size times the zoom, at the very point the stage puts it, with its fill, opacity and clip;
 * the stage's own text is set transparent meanwhile (the renderer skips opacity 0; layout is untouched). Nothing moves:
 * a copy is where its original is drawn. During a glide the stage draws its own text (a new glyph size each frame
 * would cost more than the outlines). {@code -Dstage.glyphs=off} turns the layer off, for paired measurements.
 */
final class GlyphLayer {
    /** On a copy: the stage text it draws for (tests read a stage text's size and owner through its copy). */
    static final String COPY_OF = "stage.glyph-layer.copy-of";
    /** On a stage text: the copy drawn for it (it is transparent only for that reason). */
    private static final String DRAWN_BY = "stage.glyph-layer.drawn-by";

    private static final boolean ON = !"off".equals(System.getProperty("stage.glyphs"));
    private final Group layer = new Group() {
        @Override
        protected void layoutChildren() {
            // Laid out after the stage (its sibling before it), so the text is where this pass put it.
            sync();
        }
    };
    private final Map<Text, Text> copies = new IdentityHashMap<>();
    private final Map<Text, Boolean> seen = new IdentityHashMap<>();
    private boolean resting;
    private Node stage;
    private Node viewport;
    private Set<Node> skip = Set.of();

    GlyphLayer() {
        layer.setManaged(false);
        layer.setMouseTransparent(true);
        layer.setAutoSizeChildren(false);
    }

    /** The layer's node: in the viewport, over the stage. */
    Node node() {
        return layer;
    }

    /** What to draw the text of, and where: {@code skip} is left out (the packets in flight). */
    void watch(Node stage, Node viewport, Set<Node> skip) {
        this.stage = stage;
        this.viewport = viewport;
        this.skip = skip;
    }

    /** Asks for a {@link #sync} in the next layout pass (after its CSS pass: fills and strings are current). */
    void refresh() {
        if (resting) {
            layer.requestLayout();
        }
    }

    /** Whether the camera rests (the layer draws) or moves (the stage draws its own text). */
    void resting(boolean now) {
        resting = now && ON;
        if (!resting) {
            clear();
        } else {
            layer.requestLayout();
        }
    }

    /** Draws the watched stage's text that lies in the viewport. */
    void sync() {
        if (!resting || stage == null) {
            return;
        }
        Bounds v = viewport.getLayoutBounds();
        seen.clear();
        walk(stage, 1, viewport, v.getWidth(), v.getHeight(), skip);
        copies.keySet().removeIf(t -> {
            if (seen.containsKey(t)) {
                return false;
            }
            layer.getChildren().remove(copies.get(t));
            release(t);
            return true;
        });
    }

    /** The stage draws all its own text again. */
    void clear() {
        copies.keySet().forEach(GlyphLayer::release);
        copies.clear();
        layer.getChildren().clear();
    }

    private void walk(Node n, double opacity, Node viewport, double w, double h, Set<Node> skip) {
        if (!n.isVisible() || skip.contains(n)) {
            return;
        }
        // A stage text this layer draws for is transparent only for that reason: its own opacity counts as 1.
        double o = opacity * (n instanceof Text t && copies.containsKey(t) ? 1 : n.getOpacity());
        if (n instanceof Text t) {
            if (!t.getText().isEmpty() && copy(t, o, viewport, w, h)) {
                seen.put(t, Boolean.TRUE);
            }
        } else if (n instanceof Parent p && o > 0) {
            for (Node c : p.getChildrenUnmodifiable()) {
                walk(c, o, viewport, w, h, skip);
            }
        }
    }

    /** Draws {@code t} here if it is in view under a plain zoom; false if it stays the stage's own. */
    private boolean copy(Text t, double opacity, Node viewport, double w, double h) {
        Point2D at = viewport.sceneToLocal(t.localToScene(t.getX(), t.getY()));
        Point2D right = viewport.sceneToLocal(t.localToScene(t.getX() + 1, t.getY()));
        Point2D down = viewport.sceneToLocal(t.localToScene(t.getX(), t.getY() + 1));
        double k = right.getX() - at.getX();
        boolean plainZoom = k > 0
                && Math.abs(right.getY() - at.getY()) < 1e-9
                && Math.abs(down.getX() - at.getX()) < 1e-9
                && Math.abs(down.getY() - at.getY() - k) < 1e-9;
        if (!plainZoom || (t.getClip() != null && !(t.getClip() instanceof Rectangle)) || opacity <= 0) {
            return false;
        }
        Bounds b = viewport.sceneToLocal(t.localToScene(t.getBoundsInLocal()));
        if (b.getMaxX() < 0 || b.getMinX() > w || b.getMaxY() < 0 || b.getMinY() > h) {
            return false;
        }
        Text c = copies.computeIfAbsent(t, this::newCopy);
        if (!c.getText().equals(t.getText())) {
            c.setText(t.getText());
        }
        Font f = t.getFont();
        Font cf = c.getFont();
        if (cf == null || !cf.getName().equals(f.getName()) || Math.abs(cf.getSize() - f.getSize() * k) > 1e-6) {
            c.setFont(new Font(f.getName(), f.getSize() * k));
        }
        if (!Objects.equals(c.getFill(), t.getFill())) {
            c.setFill(t.getFill());
        }
        c.setUnderline(t.isUnderline());
        c.setStrikethrough(t.isStrikethrough());
        c.setTextAlignment(t.getTextAlignment());
        c.setTextOrigin(t.getTextOrigin());
        c.setBoundsType(t.getBoundsType());
        c.setFontSmoothingType(t.getFontSmoothingType());
        c.setLineSpacing(t.getLineSpacing() * k);
        c.setWrappingWidth(t.getWrappingWidth() * k);
        c.setOpacity(opacity);
        c.setLayoutX(at.getX());
        c.setLayoutY(at.getY());
        if (t.getClip() instanceof Rectangle r) {
            Rectangle clip = c.getClip() instanceof Rectangle old ? old : new Rectangle();
            clip.setX((r.getX() - t.getX()) * k);
            clip.setY((r.getY() - t.getY()) * k);
            clip.setWidth(r.getWidth() * k);
            clip.setHeight(r.getHeight() * k);
            c.setClip(clip);
        } else {
            c.setClip(null);
        }
        if (t.getOpacity() != 0) {
            t.setOpacity(0);
            t.getProperties().put(DRAWN_BY, c);
        }
        return true;
    }

    private static void release(Text t) {
        t.getProperties().remove(DRAWN_BY);
        t.setOpacity(1);
    }

    /** Whether {@code n} is a stage text this layer draws for (transparent on the stage, shown by its copy). */
    static boolean drawsFor(Node n) {
        return n.getProperties().containsKey(DRAWN_BY);
    }

    /** Whether {@code n} is one of this layer's copies (it stands for a stage text, which is the one to read). */
    static boolean isCopy(Node n) {
        return n.getProperties().containsKey(COPY_OF);
    }

    private Text newCopy(Text t) {
        Text c = new Copy();
        c.getProperties().put(COPY_OF, t);
        layer.getChildren().add(c);
        return c;
    }

    /** A copy takes nothing from CSS (an inherited font would override the zoomed one): it is set from its original. */
    private static final class Copy extends Text {
        @Override
        public java.util.List<javafx.css.CssMetaData<? extends javafx.css.Styleable, ?>> getCssMetaData() {
            return java.util.List.of();
        }
    }
}
