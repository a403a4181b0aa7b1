package org.diolab.app.stage.camera;

import java.util.Map;
import java.util.Set;
import java.util.function.ToDoubleFunction;
import javafx.geometry.Rectangle2D;
import org.diolab.app.stage.cast.StageCast;
import org.diolab.app.stage.layout.StageLayout;
import org.diolab.engine.Snapshot;
import org.diolab.engine.invariant.Violation;
import org.diolab.engine.model.Ref;

/**
 * The region a step's action happens in, in stage units: the whole card of every object it changed (a block's
 * device, a checksum's table: the title says what changed), every object a violated invariant names, and the lane of
 * the actor that stepped (its used part: name, state, steps and title, not the empty rest of the band). A step that
 * involves nothing drawn (the start) is the lanes'.
 *
 * @param all  everything the step involves, or null when it involves nothing drawn
 * @param must what it changed (the part that must be in view), or null
 */
public record Focus(Rectangle2D all, Rectangle2D must) {
    /**
     * @param shown    the objects on show at this step
     * @param laneUsed how much of an actor's lane row its content takes, from its left edge
     */
    public static Focus of(Snapshot s, StageLayout layout, Set<Ref> shown, ToDoubleFunction<String> laneUsed) {
        Rectangle2D must = null;
        for (Ref r : s.changed()) {
            must = union(must, cardOf(r, layout, shown));
        }
        Rectangle2D all = must;
        for (Violation v : s.violations()) {
            for (Ref r : v.refs()) {
                all = union(all, cardOf(r, layout, shown));
            }
        }
        Map<String, Rectangle2D> lanes = layout.lanes();
        Rectangle2D lane = lanes.get(s.event().actor());
        if (lane != null) {
            double used = Math.min(
                    lane.getWidth(),
                    Math.max(0, laneUsed.applyAsDouble(s.event().actor())));
            Rectangle2D part = new Rectangle2D(lane.getMinX(), lane.getMinY(), used, lane.getHeight());
            all = union(all, part);
            // The lane is the action when the step changed nothing drawn (a lock taken, a thread's own step).
            must = must == null ? part : must;
        }
        if (all == null) {
            // Nothing acted yet (the start): the threads about to, readable, rather than the whole scene small.
            for (Map.Entry<String, Rectangle2D> e : lanes.entrySet()) {
                Rectangle2D b = e.getValue();
                double used = Math.min(b.getWidth(), Math.max(0, laneUsed.applyAsDouble(e.getKey())));
                all = union(all, new Rectangle2D(b.getMinX(), b.getMinY(), used, b.getHeight()));
            }
            must = all;
        }
        return new Focus(all, must);
    }

    private static Rectangle2D cardOf(Ref r, StageLayout layout, Set<Ref> shown) {
        if (!shown.contains(r) && !shown.contains(StageCast.cardOf(r))) {
            return null;
        }
        Rectangle2D card = layout.card(StageCast.cardOf(r));
        return card != null ? card : layout.card(r);
    }

    static Rectangle2D union(Rectangle2D a, Rectangle2D b) {
        if (a == null) {
            return b;
        }
        if (b == null) {
            return a;
        }
        double x = Math.min(a.getMinX(), b.getMinX());
        double y = Math.min(a.getMinY(), b.getMinY());
        return new Rectangle2D(x, y, Math.max(a.getMaxX(), b.getMaxX()) - x, Math.max(a.getMaxY(), b.getMaxY()) - y);
    }
}
