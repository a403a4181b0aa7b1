package org.diolab.app.stage.camera;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
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
 * <p>Its {@link #parts()} say what matters most when the region is too large to read whole: each card the step
 * changed (weighted by how many of its objects changed, data twice a bio's state: {@link #weight}), each card an
 * invariant names but nothing changed, and the acting lane; the camera then frames the parts that weigh most and
 * marks the others at the frame's edge.
 *
 * @param all   everything the step involves, or null when it involves nothing drawn
 * @param must  what it changed (the part that must be in view), or null
 * @param parts the cards and the lane that make up {@code all}, each with its weight
 */
public record Focus(Rectangle2D all, Rectangle2D must, List<Part> parts) {
    /**
     * One card (or the acting lane: {@code ref} null) the step involves.
     *
     * @param name    what a mark at the frame's edge calls it (a device's name, "page B", the actor)
     * @param changed whether the step changed it (else an invariant names it)
     */
    public record Part(Ref ref, String name, Rectangle2D box, double weight, boolean changed) {}

    /** Weight of the acting lane and of a card an invariant names, beside 1 per object the step changed. */
    static final double SIDE_WEIGHT = 0.5;

    /**
     * @param shown    the objects on show at this step
     * @param laneUsed how much of an actor's lane row its content takes, from its left edge
     */
    public static Focus of(Snapshot s, StageLayout layout, Set<Ref> shown, ToDoubleFunction<String> laneUsed) {
        Rectangle2D must = null;
        Map<Ref, Part> parts = new LinkedHashMap<>();
        for (Ref r : s.changed()) {
            Rectangle2D box = cardOf(r, layout, shown);
            must = union(must, box);
            if (box != null) {
                double w = weight(r);
                parts.merge(
                        StageCast.cardOf(r),
                        new Part(StageCast.cardOf(r), name(StageCast.cardOf(r)), box, w, true),
                        (a, b) -> new Part(a.ref(), a.name(), a.box(), a.weight() + w, true));
            }
        }
        Rectangle2D all = must;
        for (Violation v : s.violations()) {
            for (Ref r : v.refs()) {
                Rectangle2D box = cardOf(r, layout, shown);
                all = union(all, box);
                if (box != null) {
                    parts.putIfAbsent(
                            StageCast.cardOf(r),
                            new Part(StageCast.cardOf(r), name(StageCast.cardOf(r)), box, SIDE_WEIGHT, false));
                }
            }
        }
        List<Part> list = new ArrayList<>(parts.values());
        Map<String, Rectangle2D> lanes = layout.lanes();
        Rectangle2D lane = lanes.get(s.event().actor());
        if (lane != null) {
            double used = Math.min(
                    lane.getWidth(),
                    Math.max(0, laneUsed.applyAsDouble(s.event().actor())));
            Rectangle2D part = new Rectangle2D(lane.getMinX(), lane.getMinY(), used, lane.getHeight());
            all = union(all, part);
            list.add(new Part(null, s.event().actor(), part, SIDE_WEIGHT, must == null));
            // The lane is the action when the step changed nothing drawn (a lock taken, a thread's own step).
            must = must == null ? part : must;
        }
        if (all == null) {
            // Nothing acted yet (the start): the threads about to, readable, rather than the whole scene small.
            for (Map.Entry<String, Rectangle2D> e : lanes.entrySet()) {
                Rectangle2D b = e.getValue();
                double used = Math.min(b.getWidth(), Math.max(0, laneUsed.applyAsDouble(e.getKey())));
                Rectangle2D part = new Rectangle2D(b.getMinX(), b.getMinY(), used, b.getHeight());
                all = union(all, part);
                list.add(new Part(null, e.getKey(), part, SIDE_WEIGHT, true));
            }
            must = all;
        }
        return new Focus(all, must, List.copyOf(list));
    }

    /**
     * What a changed object weighs: data that changed (a block's bytes, a page's, a checksum) is where a step's effect
     * lands — what the picture at rest must hold — and weighs twice what a bio or a work item whose state moved does
     * (the cause, which the glide into the step passes over).
     */
    static double weight(Ref r) {
        return switch (r) {
            case Ref.Block b -> 2;
            case Ref.Page p -> 2;
            case Ref.Csum c -> 2;
            default -> 1;
        };
    }

    /** A card's name as the stage's words say it. */
    static String name(Ref r) {
        return switch (r) {
            case Ref.Device d -> d.id();
            case Ref.Csums c -> "checksums";
            case Ref.Page p -> "page " + p.id();
            case Ref.Bio b -> "bio " + b.id();
            case Ref.Work w -> "work " + w.id();
            case Ref.Inode i -> "inode";
            default -> r.toString();
        };
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
