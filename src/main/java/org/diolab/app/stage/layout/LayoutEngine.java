package org.diolab.app.stage.layout;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import javafx.geometry.Dimension2D;
import javafx.geometry.Rectangle2D;
import org.diolab.app.stage.cast.CastActor;
import org.diolab.app.stage.cast.CastMember;
import org.diolab.app.stage.cast.Column;
import org.diolab.app.stage.cast.Crowds;
import org.diolab.app.stage.cast.StageCast;
import org.diolab.engine.model.Ref;

/**
 * Places a cast on the stage once: the lanes in a band on top, then one column per kind of object, left to right
 * along the data path (user memory → page cache → kernel pages → bios → storage), separated by gutters in which
 * arrows run. A column too tall for a screen wraps into several strips. Pure geometry: sizes come from a
 * {@link CardMeasure}.
 */
public final class LayoutEngine {
    static final double PAD = 18;
    /**
     * Between columns: room for {@link ArrowRouter#TRACKS} arrow tracks and their bends, no more — the stage is most
     * often limited by its width, and every pixel of gutter is one less of text.
     */
    static final double GUTTER = 44;
    /** Between the strips of one wrapped column. */
    static final double STRIP_GUTTER = 32;

    static final double SLOT_GAP = 14;
    static final double CLONE_INDENT = 24;
    static final double CLONE_GAP = 8;
    static final double CHANNEL = 30;
    static final double SECTION_GAP = 14;
    static final double LANE_GAP = 6;
    /** Room left of the lanes for a deadlock's wait-for loop. */
    static final double LOOP_MARGIN = 40;
    /** A column taller than this wraps into strips. */
    static final double MAX_COLUMN = 620;
    /** The shape wrapped columns aim for: about a 16:9 screen less a side panel. */
    static final double ASPECT = 1.8;
    /** Between a crowd's caption and its cells. */
    static final double CAPTION_GAP = 4;

    private LayoutEngine() {}

    public static StageLayout layout(StageCast cast, CardMeasure measure) {
        return layout(cast, Crowds.pages(cast), measure);
    }

    /** @param crowded the pages drawn as a crowd, by column (see {@link Crowds#pages}) */
    public static StageLayout layout(StageCast cast, Map<Column, List<CastMember>> crowded, CardMeasure measure) {
        double heading = measure.headingHeight();
        Set<Ref> inCrowd = new HashSet<>();
        crowded.values().forEach(l -> l.forEach(m -> inCrowd.add(m.ref())));
        List<Crowd> crowds = new ArrayList<>();
        Map<Ref, Rectangle2D> cards = new HashMap<>();
        Map<Ref, Integer> stripOf = new HashMap<>();
        List<Strip> strips = new ArrayList<>();
        List<Heading> headings = new ArrayList<>();
        List<Column> columns = new ArrayList<>();
        for (Column c : Column.values()) {
            if (!cast.in(c).isEmpty()) {
                columns.add(c);
            }
        }
        // Columns first (their width decides the lanes' width), placed from y = 0, shifted below the lanes after.
        double x = PAD + LOOP_MARGIN;
        double top = heading + CHANNEL;
        double bottom = top;
        for (Column c : columns) {
            List<CastMember> carded =
                    cast.in(c).stream().filter(m -> !inCrowd.contains(m.ref())).toList();
            List<List<SlotPlanner.Group>> slots = SlotPlanner.slots(SlotPlanner.groups(carded, cast.traces()));
            Map<Ref, Dimension2D> size = new LinkedHashMap<>();
            carded.forEach(m -> size.put(m.ref(), measure.card(m)));
            double w = 0;
            for (CastMember m : carded) {
                boolean clone = !m.group().equals(m.ref());
                w = Math.max(w, size.get(m.ref()).getWidth() + (clone ? CLONE_INDENT : 0));
            }
            List<Double> heights = new ArrayList<>();
            for (List<SlotPlanner.Group> slot : slots) {
                heights.add(slot.stream()
                        .mapToDouble(g -> groupHeight(g, size))
                        .max()
                        .orElse(0));
            }
            // A crowd of pages is one more slot, under the cards: its caption, then its grid of cells.
            List<CastMember> crowd = crowded.getOrDefault(c, List.of());
            String caption = crowd.isEmpty() ? "" : caption(crowd);
            Dimension2D cap = crowd.isEmpty() ? new Dimension2D(0, 0) : measure.caption(caption);
            int cols = CrowdGrid.colsFor(crowd.size());
            if (!crowd.isEmpty()) {
                w = Math.max(w, Math.max(CrowdGrid.width(cols), cap.getWidth()));
                heights.add(cap.getHeight() + CAPTION_GAP + CrowdGrid.height(crowd.size(), cols));
            }
            double natural = heights.stream().mapToDouble(h -> h + SLOT_GAP).sum();
            int parts = parts(natural, w);
            double perPart = natural / parts;
            double colMin = x;
            int slot = 0;
            for (int p = 0; p < parts && slot < heights.size(); p++) {
                double y = top;
                int strip = strips.size();
                strips.add(new Strip(c, x, x + w));
                while (slot < heights.size()
                        && (y == top || y - top + heights.get(slot) <= perPart + 1 || p == parts - 1)) {
                    if (slot == slots.size()) {
                        Crowd k = new Crowd(
                                c,
                                caption,
                                new Rectangle2D(
                                        x, y, Math.max(CrowdGrid.width(cols), cap.getWidth()), heights.get(slot)),
                                y + cap.getHeight() + CAPTION_GAP,
                                cols,
                                crowd.stream().map(CastMember::ref).toList());
                        crowds.add(k);
                        for (int i = 0; i < crowd.size(); i++) {
                            cards.put(crowd.get(i).ref(), k.cell(i));
                            stripOf.put(crowd.get(i).ref(), strip);
                        }
                    } else {
                        for (SlotPlanner.Group g : slots.get(slot)) {
                            placeGroup(g, x, y, w, size, cards, stripOf, strip);
                        }
                    }
                    y += heights.get(slot) + SLOT_GAP;
                    slot++;
                }
                bottom = Math.max(bottom, y - SLOT_GAP);
                x += w + (p < parts - 1 ? STRIP_GUTTER : 0);
            }
            headings.add(new Heading(c.title(), new Rectangle2D(colMin, 0, x - colMin, heading)));
            x += GUTTER;
        }
        double columnsRight = x - GUTTER + PAD;
        // Lanes: as wide as the columns, or as their widest lane needs.
        double band = Math.max(
                columnsRight - PAD - LOOP_MARGIN - PAD,
                cast.laneActors().stream()
                        .mapToDouble(measure::laneMinWidth)
                        .max()
                        .orElse(0));
        double width = PAD + LOOP_MARGIN + band + PAD;
        Map<String, Rectangle2D> lanes = new LinkedHashMap<>();
        double ly = PAD + heading;
        for (CastActor a : cast.laneActors()) {
            double h = measure.laneHeight(a, band);
            lanes.put(a.id(), new Rectangle2D(PAD + LOOP_MARGIN, ly, band, h));
            ly += h + LANE_GAP;
        }
        Rectangle2D lanesBand =
                new Rectangle2D(PAD, PAD + heading, LOOP_MARGIN + band, Math.max(0, ly - LANE_GAP - PAD - heading));
        double shift = (lanes.isEmpty() ? PAD : ly - LANE_GAP + SECTION_GAP);
        Map<Ref, Rectangle2D> placed = new HashMap<>();
        cards.forEach((r, b) -> placed.put(r, translate(b, shift)));
        List<Heading> allHeadings = new ArrayList<>();
        if (!lanes.isEmpty()) {
            allHeadings.add(new Heading("Threads", new Rectangle2D(PAD + LOOP_MARGIN, PAD, band, heading)));
        }
        headings.forEach(h -> allHeadings.add(new Heading(h.text(), translate(h.box(), shift))));
        List<Rectangle2D> channels = List.of(
                new Rectangle2D(0, shift + heading, width, CHANNEL),
                new Rectangle2D(0, shift + bottom + SLOT_GAP / 2, width, CHANNEL));
        double height = shift + bottom + SLOT_GAP / 2 + CHANNEL + PAD;
        List<Crowd> movedCrowds = crowds.stream()
                .map(k -> new Crowd(
                        k.column(),
                        k.caption(),
                        translate(k.box(), shift),
                        k.gridTop() + shift,
                        k.cols(),
                        k.members(),
                        k.index()))
                .toList();
        return new StageLayout(
                width, height, placed, stripOf, strips, lanes, lanesBand, allHeadings, channels, movedCrowds);
    }

    /** "1,024 user pages · P0 … P1023". */
    private static String caption(List<CastMember> crowd) {
        String kind = crowd.getFirst().values().getFirst() instanceof org.diolab.engine.model.Page p
                ? p.kind().label()
                : "page";
        return Crowds.caption(crowd.size(), kind, id(crowd.getFirst()), id(crowd.getLast()));
    }

    private static String id(CastMember m) {
        return m.ref() instanceof Ref.Page p ? p.id() : m.ref().toString();
    }

    /** How many strips a column of {@code natural} height and {@code width} wraps into. */
    private static int parts(double natural, double width) {
        if (natural <= MAX_COLUMN) {
            return 1;
        }
        int byCap = (int) Math.ceil(natural / MAX_COLUMN);
        int byAspect = (int) Math.ceil(Math.sqrt(ASPECT * natural / (width + STRIP_GUTTER)));
        return Math.max(1, Math.min(byCap, byAspect));
    }

    private static double groupHeight(SlotPlanner.Group g, Map<Ref, Dimension2D> size) {
        double h = 0;
        for (int i = 0; i < g.members().size(); i++) {
            h += size.get(g.members().get(i).ref()).getHeight() + (i > 0 ? CLONE_GAP : 0);
        }
        return h;
    }

    private static void placeGroup(
            SlotPlanner.Group g,
            double x,
            double y,
            double w,
            Map<Ref, Dimension2D> size,
            Map<Ref, Rectangle2D> cards,
            Map<Ref, Integer> stripOf,
            int strip) {
        double cy = y;
        for (int i = 0; i < g.members().size(); i++) {
            CastMember m = g.members().get(i);
            boolean clone = i > 0;
            double cw = clone ? w - CLONE_INDENT : w;
            Dimension2D d = size.get(m.ref());
            cards.put(m.ref(), new Rectangle2D(clone ? x + CLONE_INDENT : x, cy, cw, d.getHeight()));
            stripOf.put(m.ref(), strip);
            cy += d.getHeight() + CLONE_GAP;
        }
    }

    private static Rectangle2D translate(Rectangle2D r, double dy) {
        return new Rectangle2D(r.getMinX(), r.getMinY() + dy, r.getWidth(), r.getHeight());
    }
}
