package org.diolab.app.stage;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Supplier;
import javafx.geometry.Rectangle2D;
import javafx.scene.control.Label;
import javafx.scene.layout.Pane;
import javafx.scene.layout.Region;
import org.diolab.app.stage.camera.Focus;
import org.diolab.app.stage.camera.Shot;
import org.diolab.engine.model.Ref;

/**
 * Marks at the frame's edge for what a step involves that the shot leaves out ("◀ page P", "leg1 ▶"): when a step
 * changes things too far apart to read all at once, the camera frames what matters most and these name the rest,
 * on the side where it lies. Drawn over the viewport at the readable text size, not scaled with the stage; a card
 * wholly in view gets none, the acting lane none while its name (at its left end) is in view. A mark never covers the
 * stage's text: it slides along its edge to the nearest place free of text (and of the other marks), and only where
 * the whole edge is taken steps in past the text at the edge.
 */
final class OffViewMarks {
    private static final double GAP = 4;
    /** Places the marks when laid out: after the stage's content (an earlier child of the viewport), whose text they avoid. */
    private final Pane layer = new Pane() {
        @Override
        protected void layoutChildren() {
            place(pending, getWidth(), getHeight(), pending.isEmpty() ? List.of() : texts.get());
        }
    };

    private final Set<Ref> marked = new LinkedHashSet<>();
    private List<String> shownTexts = List.of();
    private List<Mark> pending = List.of();
    private Supplier<List<Rectangle2D>> texts = List::of;

    OffViewMarks() {
        layer.setMouseTransparent(true);
        layer.setManaged(false);
        layer.getStyleClass().add("stage-offview-layer");
    }

    Pane node() {
        return layer;
    }

    /** The cards named by a mark now. */
    Set<Ref> marked() {
        return Set.copyOf(marked);
    }

    void clear() {
        show(List.of(), null, 0, 0, 14, List::of);
    }

    /**
     * @param parts what the step involves (null or empty: no marks)
     * @param s     the shot on show
     * @param px    the marks' type size, screen px
     * @param texts where the stage's text lies in the viewport (px), asked only when there is something to mark
     */
    void show(List<Focus.Part> parts, Shot s, double w, double h, double px, Supplier<List<Rectangle2D>> texts) {
        this.texts = texts;
        List<Mark> marks = new ArrayList<>();
        marked.clear();
        if (parts != null && s != null && w > 0 && h > 0) {
            Rectangle2D seen = s.seen(w, h);
            for (Focus.Part p : parts) {
                Rectangle2D b = p.box();
                // A lane is named at its left end: marked when that is out of the shot.
                boolean out =
                        p.ref() == null ? !seen.intersects(b) || b.getMinX() < seen.getMinX() - 0.5 : !seen.contains(b);
                if (!out) {
                    continue;
                }
                // The side it sticks out of most.
                double left = seen.getMinX() - b.getMinX();
                double right = b.getMaxX() - seen.getMaxX();
                double up = seen.getMinY() - b.getMinY();
                double down = b.getMaxY() - seen.getMaxY();
                double most = Math.max(Math.max(left, right), Math.max(up, down));
                Side side = most == left ? Side.LEFT : most == right ? Side.RIGHT : most == up ? Side.TOP : Side.BOTTOM;
                double along = side.horizontal()
                        ? h / 2 + s.scale() * (b.getMinY() + b.getHeight() / 2 - s.centerY())
                        : w / 2 + s.scale() * (b.getMinX() + b.getWidth() / 2 - s.centerX());
                marks.add(new Mark(side, along, side.text(p.name())));
                if (p.ref() != null) {
                    marked.add(p.ref());
                }
            }
        }
        List<String> words = marks.stream().map(Mark::text).toList();
        if (!words.equals(shownTexts)) {
            shownTexts = words;
            layer.getChildren().setAll(marks.stream().map(m -> label(m.text())).toList());
        }
        layer.resizeRelocate(0, 0, w, h);
        layer.setStyle("-fx-font-size: " + px + "px;");
        layer.applyCss();
        pending = List.copyOf(marks);
        layer.requestLayout();
    }

    private static Label label(String text) {
        Label l = new Label(text);
        l.getStyleClass().add("stage-offview");
        l.setMinSize(Region.USE_PREF_SIZE, Region.USE_PREF_SIZE);
        l.setManaged(false);
        return l;
    }

    /**
     * Each mark at its side, as level with what it names as the stage's text and the marks placed before it allow.
     */
    private void place(List<Mark> marks, double w, double h, List<Rectangle2D> texts) {
        List<Rectangle2D> taken = new ArrayList<>(texts);
        for (Side side : Side.values()) {
            List<Integer> idx = new ArrayList<>();
            for (int i = 0; i < marks.size(); i++) {
                if (marks.get(i).side() == side) {
                    idx.add(i);
                }
            }
            idx.sort(Comparator.comparingDouble(i -> marks.get(i).along()));
            for (int i : idx) {
                Label l = (Label) layer.getChildren().get(i);
                double lw = l.prefWidth(-1);
                double lh = l.prefHeight(lw);
                Rectangle2D at = MarkSpot.find(side, marks.get(i).along(), lw, lh, w, h, GAP, taken);
                taken.add(at);
                l.resizeRelocate(at.getMinX(), at.getMinY(), lw, lh);
            }
        }
    }

    private record Mark(Side side, double along, String text) {}

    enum Side {
        LEFT,
        RIGHT,
        TOP,
        BOTTOM;

        boolean horizontal() {
            return this == LEFT || this == RIGHT;
        }

        String text(String name) {
            return switch (this) {
                case LEFT -> "◀ " + name;
                case RIGHT -> name + " ▶";
                case TOP -> "▲ " + name;
                case BOTTOM -> "▼ " + name;
            };
        }
    }
}
