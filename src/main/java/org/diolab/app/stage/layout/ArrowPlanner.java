package org.diolab.app.stage.layout;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import javafx.geometry.Rectangle2D;
import org.diolab.app.stage.cast.Column;
import org.diolab.engine.EventKind;
import org.diolab.engine.Snapshot;
import org.diolab.engine.model.Bio;
import org.diolab.engine.model.BioOp;
import org.diolab.engine.model.Ref;
import org.diolab.engine.model.World;

/**
 * The arrows of one step: from each bvec of a bio on show to the page it points at (clones share their original's
 * bvecs, so only originals draw them), and — when a device's DMA ran — the data's path from page through the clone
 * to the block (or back, for a read). Arrows into a crowd (see {@code Crowds}) are bundled: one per bio and crowd.
 */
public final class ArrowPlanner {
    private ArrowPlanner() {}

    /**
     * @param anchors where bvecs, blocks and page bytes sit, in stage units
     * @param shown   the objects on show at this step
     */
    public static List<Route> plan(Snapshot s, StageLayout layout, Map<Anchor, Rectangle2D> anchors, Set<Ref> shown) {
        ArrowRouter router = new ArrowRouter(layout);
        World w = s.state().world();
        List<Route> out = new ArrayList<>();
        for (Bio b : w.bios().values()) {
            Ref bio = Ref.bio(b.id());
            if (b.isClone() || !shown.contains(bio) || layout.card(bio) == null) {
                continue;
            }
            // The bvecs into one crowd of pages share one chip and one arrow, to the crowd's edge facing the bio.
            Map<Column, Integer> intoCrowd = new LinkedHashMap<>();
            for (int i = 0; i < b.pages().size(); i++) {
                Ref page = Ref.page(b.pages().get(i));
                Crowd k = layout.crowdOf(page);
                if (k != null) {
                    if (shown.contains(page)) {
                        intoCrowd.merge(k.column(), 1, Integer::sum);
                    }
                    continue;
                }
                Rectangle2D from = anchors.get(new Anchor.Bvec(b.id(), i));
                if (from != null && shown.contains(page) && layout.card(page) != null) {
                    out.add(router.route(
                            ArrowKind.BVEC,
                            bio,
                            from.getMinY() + from.getHeight() / 2,
                            page,
                            centerY(anchors.get(new Anchor.PageBytes(b.pages().get(i))), layout.card(page)),
                            i + slot(layout, bio)));
                }
            }
            int track = 0;
            for (Map.Entry<Column, Integer> e : intoCrowd.entrySet()) {
                Rectangle2D from = anchors.get(new Anchor.BvecCrowd(b.id(), e.getKey()));
                Crowd k = layout.crowds().stream()
                        .filter(c -> c.column() == e.getKey())
                        .findFirst()
                        .orElseThrow();
                Ref edge = facing(layout, k, bio);
                if (from != null) {
                    out.add(router.route(
                                    ArrowKind.BVEC,
                                    bio,
                                    from.getMinY() + from.getHeight() / 2,
                                    edge,
                                    centerY(null, layout.card(edge)),
                                    track++ + slot(layout, bio))
                            .withCount(e.getValue()));
                }
            }
        }
        out.addAll(dma(s, layout, anchors, router));
        return out;
    }

    /** The member of crowd {@code k} whose cell is on the side facing the card {@code other}. */
    static Ref facing(StageLayout layout, Crowd k, Ref other) {
        int mine = layout.strips().get(k.members().getFirst());
        return k.edge(layout.strips().get(other) < mine);
    }

    /**
     * The DMA routes of this step: only when a device acted and one of its clones is among what changed. Transfers
     * between the same ends (a crowd of pages, a crowd of blocks) share one pair of routes.
     */
    static List<Route> dma(Snapshot s, StageLayout layout, Map<Anchor, Rectangle2D> anchors, ArrowRouter router) {
        List<Route> out = new ArrayList<>();
        if (s.event().kind() != EventKind.STEP) {
            return out;
        }
        String device = s.event().actor();
        World w = s.state().world();
        if (!w.devices().containsKey(device)) {
            return out;
        }
        Ref dev = Ref.device(device);
        for (Ref r : s.changed()) {
            if (!(r instanceof Ref.Bio ref) || !w.bios().containsKey(ref.id())) {
                continue;
            }
            Bio clone = w.bio(ref.id());
            if (!clone.isClone() || !clone.target().equals(device) || layout.card(ref) == null) {
                continue;
            }
            Map<Transfer, Integer> transfers = new LinkedHashMap<>();
            for (int i = 0; i < clone.pages().size(); i++) {
                Ref page = Ref.page(clone.pages().get(i));
                Anchor block = new Anchor.BlockRow(device, clone.block() + i);
                Crowd k = layout.crowdOf(page);
                Ref end = k == null ? page : facing(layout, k, ref);
                Anchor via = k == null ? new Anchor.Bvec(clone.id(), i) : new Anchor.BvecCrowd(clone.id(), k.column());
                Anchor at = anchors.containsKey(block) ? block : new Anchor.Blocks(device);
                if (layout.card(end) != null && anchors.containsKey(at)) {
                    transfers.merge(new Transfer(end, via, at), 1, Integer::sum);
                }
            }
            transfers.forEach((t, n) -> {
                Ref page = t.page();
                Rectangle2D at = anchors.get(t.at());
                double pageY = centerY(Anchor.forRef(page).map(anchors::get).orElse(null), layout.card(page));
                double viaY = centerY(anchors.get(t.via()), layout.card(ref));
                double blockY = at.getMinY() + at.getHeight() / 2;
                Ref block = t.at() instanceof Anchor.BlockRow b ? Ref.block(b.device(), b.block()) : dev;
                if (clone.op() == BioOp.WRITE) {
                    out.add(router.route(ArrowKind.DMA, page, pageY, ref, viaY, 1)
                            .withCount(n));
                    out.add(withEnds(router.route(ArrowKind.DMA, ref, viaY, dev, blockY, 1), ref, block)
                            .withCount(n));
                } else {
                    out.add(withEnds(router.route(ArrowKind.DMA, dev, blockY, ref, viaY, 1), block, ref)
                            .withCount(n));
                    out.add(router.route(ArrowKind.DMA, ref, viaY, page, pageY, 1)
                            .withCount(n));
                }
            });
        }
        return out;
    }

    private static Route withEnds(Route r, Ref from, Ref to) {
        return new Route(r.kind(), from, to, r.points(), r.count());
    }

    private static double centerY(Rectangle2D anchor, Rectangle2D card) {
        Rectangle2D a = anchor != null ? anchor : card;
        return a.getMinY() + a.getHeight() / 2;
    }

    /** A DMA transfer between one page (or crowd edge), the clone's bvec that points at it, and the block's row. */
    private record Transfer(Ref page, Anchor via, Anchor at) {}

    /** Spreads the bvec arrows of bios in different slots over different gutter tracks. */
    private static int slot(StageLayout layout, Ref bio) {
        Rectangle2D r = layout.card(bio);
        return r == null ? 0 : (int) (r.getMinY() / 40);
    }
}
