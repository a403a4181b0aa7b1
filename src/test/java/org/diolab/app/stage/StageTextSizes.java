package org.diolab.app.stage;

import java.util.HashSet;
import java.util.Set;
import javafx.geometry.Bounds;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.text.Text;
import org.diolab.app.stage.cards.LaneRow;
import org.diolab.app.stage.cards.StageCard;
import org.diolab.app.stage.cast.StageCast;
import org.diolab.engine.Snapshot;
import org.diolab.engine.invariant.Violation;
import org.diolab.engine.model.Ref;

/**
 * How large the stage's text is on screen: each drawn text in view (visible, not transparent, any part of it
 * inside the stage's viewport), its font size times the scale it is drawn at. Texts of what the step involves — the cards of what it
 * changed, of what a violated invariant names, the acting lane, the banner — and all other texts are measured apart.
 */
public final class StageTextSizes {
    /** The smallest size of each kind, in screen px, and the text that has it ({@code Double.MAX_VALUE}: none). */
    public record Sizes(double involved, String involvedText, double other, String otherText) {
        Sizes with(boolean isInvolved, double px, String text) {
            if (isInvolved && px < involved) {
                return new Sizes(px, text, other, otherText);
            }
            if (!isInvolved && px < other) {
                return new Sizes(involved, involvedText, px, text);
            }
            return this;
        }
    }

    private StageTextSizes() {}

    public static Sizes of(StageView stage, Snapshot s) {
        StageProbe probe = StageProbe.of(stage);
        Set<Node> involved = new HashSet<>();
        Set<Ref> refs = new HashSet<>(s.changed());
        for (Violation v : s.violations()) {
            refs.addAll(v.refs());
        }
        for (Ref r : refs) {
            probe.card(StageCast.cardOf(r)).ifPresent(involved::add);
            probe.card(r).ifPresent(involved::add);
        }
        probe.lane(s.event().actor()).ifPresent(involved::add);
        stage.lookupAll(".stage-banner").forEach(involved::add);
        Node viewport = stage.lookup(".stage-viewport");
        Bounds view = viewport.localToScene(viewport.getLayoutBounds());
        Sizes out = new Sizes(Double.MAX_VALUE, "", Double.MAX_VALUE, "");
        return walk(stage, involved, false, view, out);
    }

    private static Sizes walk(Node n, Set<Node> involved, boolean inInvolved, Bounds view, Sizes out) {
        if (!n.isVisible() || n.getOpacity() <= 0.01) {
            return out;
        }
        boolean mine = inInvolved || involved.contains(n);
        if (n instanceof Text t && !t.getText().isBlank()) {
            Bounds b = t.localToScene(t.getLayoutBounds());
            // In view if any of it is: a text cut by the viewport's edge is read (or not) at its size too.
            if (b.getMaxX() > view.getMinX() + 0.5
                    && b.getMinX() < view.getMaxX() - 0.5
                    && b.getMaxY() > view.getMinY() + 0.5
                    && b.getMinY() < view.getMaxY() - 0.5) {
                double px = t.getFont().getSize()
                        * Math.abs(t.getLocalToSceneTransform().getMyy());
                out = out.with(mine, px, "'" + t.getText() + "' in " + owner(t));
            }
        }
        if (n instanceof Parent p) {
            for (Node c : p.getChildrenUnmodifiable()) {
                out = walk(c, involved, mine, view, out);
            }
        }
        return out;
    }

    private static String owner(Node n) {
        for (Node p = n; p != null; p = p.getParent()) {
            if (p instanceof StageCard<?> c && c.valueProperty().get() != null) {
                return c.getClass().getSimpleName() + " " + c.getId();
            }
            if (p instanceof LaneRow l) {
                return "lane " + l.getId();
            }
        }
        return "the stage";
    }
}
