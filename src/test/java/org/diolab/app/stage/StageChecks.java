package org.diolab.app.stage;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import javafx.geometry.Bounds;
import javafx.geometry.Point2D;
import javafx.geometry.Rectangle2D;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.control.Labeled;
import javafx.scene.text.Text;
import org.diolab.app.stage.cards.LaneRow;
import org.diolab.app.stage.cards.StageCard;
import org.diolab.app.stage.cast.StageCast;
import org.diolab.app.stage.layout.Heading;
import org.diolab.app.stage.layout.Route;
import org.diolab.app.stage.layout.StageLayout;
import org.diolab.engine.Snapshot;
import org.diolab.engine.model.Ref;

/**
 * What every step of the stage must satisfy, as the geometry tests check it: what the step changed lies inside the
 * visible part of the stage — or, when it is too large to read whole, a mark at the frame's edge names each card the
 * shot leaves out — no two cards (or a card and a lane or heading) overlap, no arrow crosses a card or a
 * heading, and no label is cut or runs over its card's edge.
 *
 * <p>Labels are read where they can have changed: the whole stage at the first step of a cast; after that the cards
 * the step changed, the cards an invariant names, cards that came on show, the devices (their DMA engine's state
 * changes with no change to the device), the lanes and the banner. A card nothing touched shows what it showed at the
 * step it was last checked.
 */
public final class StageChecks {
    private StageChecks() {}

    /**
     * @param before the objects on show at the previous step checked, or null for the first step of a cast (then
     *               every label on the stage is read)
     */
    public static List<String> step(StageView stage, Snapshot s, Set<Ref> before, String where) {
        List<String> out = new ArrayList<>(
                overlaps(StageProbe.of(stage).layout(), StageProbe.of(stage).shown(), where));
        StageLayout layout = StageProbe.of(stage).layout();
        Rectangle2D seen = StageProbe.of(stage).visibleArea();
        Set<Ref> shown = StageProbe.of(stage).shown();
        Set<Ref> marked = StageProbe.of(stage).offView();
        for (Ref r : s.changed()) {
            Rectangle2D box = layout.card(StageCast.cardOf(r));
            if (box != null && shown.contains(r) && !contains(seen, box) && !marked.contains(StageCast.cardOf(r))) {
                out.add(where + ": changed " + r + " at " + box + " is outside the view " + seen
                        + " and no mark at its edge names it");
            }
        }
        arrows(stage, out, where);
        out.addAll(marksOverText(stage, where));
        if (before == null) {
            labels(stage, stage, out, where);
        } else {
            stage.lookupAll(".stage-banner").forEach(b -> labels((Parent) b, b, out, where + " banner"));
            for (Ref ref : touched(s, shown, before)) {
                StageProbe.of(stage).card(ref).ifPresent(card -> labels(card, card, out, where + " " + ref));
            }
            layout.lanes()
                    .keySet()
                    .forEach(a -> StageProbe.of(stage)
                            .lane(a)
                            .ifPresent(lane -> labels(lane, lane, out, where + " lane " + a)));
        }
        return out;
    }

    /** A mark at the frame's edge covers none of the stage's text (it would hide what the viewer reads). */
    public static List<String> marksOverText(StageView stage, String where) {
        List<String> out = new ArrayList<>();
        Node content = StageProbe.of(stage).content();
        for (javafx.scene.layout.Region m : StageProbe.of(stage).marks()) {
            Bounds mb = m.localToScene(m.getLayoutBounds());
            String words = m instanceof Labeled l ? l.getText() : m.toString();
            StageTexts.visit(content, t -> {
                Bounds tb = t.localToScene(t.getBoundsInLocal());
                if (tb.getMaxX() > mb.getMinX() + 1
                        && tb.getMinX() < mb.getMaxX() - 1
                        && tb.getMaxY() > mb.getMinY() + 1
                        && tb.getMinY() < mb.getMaxY() - 1) {
                    out.add(where + ": mark '" + words + "' at " + box(mb) + " covers the stage's text '" + t.getText()
                            + "' at " + box(tb));
                }
            });
        }
        return out;
    }

    /** Cards whose text may differ from the last step checked. */
    private static Set<Ref> touched(Snapshot s, Set<Ref> shown, Set<Ref> before) {
        Set<Ref> out = new HashSet<>();
        s.changed().forEach(r -> out.add(StageCast.cardOf(r)));
        s.violations().forEach(v -> v.refs().forEach(r -> out.add(StageCast.cardOf(r))));
        shown.forEach(r -> {
            if (!before.contains(r) || r instanceof Ref.Device || r instanceof Ref.Csums) {
                out.add(r);
            }
        });
        out.retainAll(shown);
        return out;
    }

    /**
     * Cards on show, lanes and headings never overlap one another. (Two objects never on show at the same time may
     * share a place: a read bio takes the slot a finished write left.)
     */
    public static List<String> overlaps(StageLayout layout, Set<Ref> shown, String where) {
        List<String> out = new ArrayList<>();
        List<Map.Entry<String, Rectangle2D>> boxes = new ArrayList<>();
        layout.cards().forEach((r, b) -> {
            if (shown.contains(r)) {
                boxes.add(Map.entry(r.toString(), b));
            }
        });
        layout.lanes().forEach((a, b) -> boxes.add(Map.entry("lane " + a, b)));
        layout.headings().forEach(h -> boxes.add(Map.entry("heading " + h.text(), h.box())));
        boxes.sort(Comparator.comparingDouble(e -> e.getValue().getMinX()));
        for (int i = 0; i < boxes.size(); i++) {
            Rectangle2D a = inset(boxes.get(i).getValue(), 0.5);
            for (int j = i + 1; j < boxes.size(); j++) {
                Rectangle2D b = inset(boxes.get(j).getValue(), 0.5);
                if (b.getMinX() >= a.getMaxX()) {
                    break; // sorted by left edge: nothing further right can reach back into a
                }
                if (a.intersects(b)) {
                    out.add(where + ": " + boxes.get(i).getKey() + " overlaps "
                            + boxes.get(j).getKey());
                }
            }
        }
        return out;
    }

    private static void arrows(StageView stage, List<String> out, String where) {
        StageLayout layout = StageProbe.of(stage).layout();
        Set<Ref> shown = StageProbe.of(stage).shown();
        for (Route route : StageProbe.of(stage).routes()) {
            for (int i = 1; i < route.points().size(); i++) {
                Point2D a = route.points().get(i - 1);
                Point2D b = route.points().get(i);
                layout.cards().forEach((ref, box) -> {
                    boolean end = ref.equals(route.from())
                            || ref.equals(route.to())
                            || owns(ref, route.from())
                            || owns(ref, route.to());
                    if (!end && shown.contains(ref) && crosses(a, b, inset(box, 1.5))) {
                        out.add(where + ": " + route.kind() + " arrow " + route.from() + "→" + route.to() + " crosses "
                                + ref);
                    }
                });
                for (Heading h : layout.headings()) {
                    if (crosses(a, b, inset(h.box(), 1.5))) {
                        out.add(where + ": arrow " + route.from() + "→" + route.to() + " crosses " + h.text());
                    }
                }
            }
        }
    }

    /**
     * Every visible label under {@code n} shows its whole text (no "…") and lies inside {@code card} (badges hang
     * over the edge on purpose).
     */
    private static void labels(Parent card, Node n, List<String> out, String where) {
        if (!n.isVisible()) {
            return;
        }
        if (n instanceof Labeled l && l.getText() != null && !l.getText().isEmpty()) {
            if (l.lookup(".text") instanceof Text shown
                    && !shown.getText().equals(l.getText())
                    && !(l.isWrapText()
                            && shown.getText()
                                    .replace("\n", " ")
                                    .strip()
                                    .equals(l.getText().strip()))) {
                out.add(where + ": label cut: '" + l.getText() + "' shows '" + shown.getText() + "'");
            }
            Bounds b = card.sceneToLocal(l.localToScene(l.getLayoutBounds()));
            Bounds c = card.getLayoutBounds();
            if ((card instanceof StageCard<?> || card instanceof LaneRow)
                    && !n.getStyleClass().contains("violation-badge")
                    && (b.getMinX() < c.getMinX() - 1
                            || b.getMaxX() > c.getMaxX() + 1
                            || b.getMinY() < c.getMinY() - 1
                            || b.getMaxY() > c.getMaxY() + 1)) {
                out.add(where + ": '" + l.getText() + "' runs over the edge of its card (" + box(b) + " in " + box(c)
                        + ")");
            }
        }
        if (n instanceof Parent p && !(n instanceof Labeled)) {
            Parent owner = n instanceof StageCard<?> || n instanceof LaneRow ? p : card;
            p.getChildrenUnmodifiable().forEach(c -> labels(owner, c, out, where));
        }
    }

    private static String box(Bounds b) {
        return String.format("%.0f,%.0f–%.0f,%.0f", b.getMinX(), b.getMinY(), b.getMaxX(), b.getMaxY());
    }

    /** A card owns the refs drawn on it: a device its blocks, the checksum table its rows. */
    private static boolean owns(Ref card, Ref part) {
        return part instanceof Ref.Block b && card.equals(Ref.device(b.device()))
                || part instanceof Ref.Csum && card.equals(Ref.csums());
    }

    private static boolean contains(Rectangle2D outer, Rectangle2D inner) {
        return inner.getMinX() >= outer.getMinX() - 1
                && inner.getMinY() >= outer.getMinY() - 1
                && inner.getMaxX() <= outer.getMaxX() + 1
                && inner.getMaxY() <= outer.getMaxY() + 1;
    }

    private static Rectangle2D inset(Rectangle2D r, double d) {
        return new Rectangle2D(
                r.getMinX() + d,
                r.getMinY() + d,
                Math.max(0, r.getWidth() - 2 * d),
                Math.max(0, r.getHeight() - 2 * d));
    }

    /** Whether the axis-parallel segment a-b passes through the inside of {@code r}. */
    private static boolean crosses(Point2D a, Point2D b, Rectangle2D r) {
        double minX = Math.min(a.getX(), b.getX());
        double maxX = Math.max(a.getX(), b.getX());
        double minY = Math.min(a.getY(), b.getY());
        double maxY = Math.max(a.getY(), b.getY());
        return maxX > r.getMinX() && minX < r.getMaxX() && maxY > r.getMinY() && minY < r.getMaxY();
    }
}
