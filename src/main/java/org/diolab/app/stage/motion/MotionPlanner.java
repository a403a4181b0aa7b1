package org.diolab.app.stage.motion;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import javafx.geometry.Rectangle2D;
import javafx.scene.Node;
import org.diolab.app.stage.cards.ByteCells;
import org.diolab.app.stage.cards.StageCard;
import org.diolab.app.stage.cast.Crowds;
import org.diolab.app.stage.layout.Anchor;
import org.diolab.app.stage.layout.Route;
import org.diolab.engine.Snapshot;
import org.diolab.engine.model.Bio;
import org.diolab.engine.model.BioState;
import org.diolab.engine.model.Device;
import org.diolab.engine.model.Page;
import org.diolab.engine.model.Ref;
import org.diolab.engine.model.World;

/**
 * Plans the transition from one step to the next from what the step changed: the DMA's packet travels its arrow and
 * the bytes it lands on flip; bytes a CPU wrote flip and flash; pins drop in or lift off; a bio appears at build, its
 * clones fan out of it at submit, a finished bio fades; checksums, locks and work items pulse; a new lock waiter slides
 * into the queue. The nodes are already in the next step's state; each cue only borrows them for the transition.
 */
public final class MotionPlanner {
    /** Share of the transition the DMA packet travels; what it lands on flips in the rest. */
    public static final double TRAVEL = 0.7;
    /** How faint a finished bio ends its transition, on its way off the stage. */
    private static final double FADED = 0.45;
    /**
     * How faint a finished bio's face already is (bio-card.css, {@code :done}): the card itself fades on top of it
     * to end at {@link #FADED}.
     */
    private static final double DONE_LOOK = 0.65;

    private MotionPlanner() {}

    public static Transition plan(Snapshot before, Snapshot after, List<Route> dma, StageNodes nodes) {
        List<Cue> cues = new ArrayList<>();
        World was = before.state().world();
        World now = after.state().world();
        boolean moving = !dma.isEmpty();
        double landFrom = moving ? TRAVEL : 0;
        for (Route r : dma) {
            if (r.from() instanceof Ref.Page || r.from() instanceof Ref.Block) {
                String text = carried(r, now);
                cues.add(Cue.packet(nodes.packet(text), joined(r, dma), 0, TRAVEL));
            }
        }
        for (Ref ref : after.changed()) {
            switch (ref) {
                case Ref.Page p ->
                    page(cues, was.pages().get(p.id()), now.pages().get(p.id()), nodes, landFrom);
                case Ref.Bio b -> bio(cues, was.bios().get(b.id()), now.bios().get(b.id()), nodes, moving);
                case Ref.Block b ->
                    block(
                            cues,
                            was.devices().get(b.device()),
                            now.devices().get(b.device()),
                            b.block(),
                            nodes,
                            landFrom);
                case Ref.Csum c -> pulse(cues, nodes.part(new Anchor.CsumRow(c.block())), landFrom);
                case Ref.Inode i -> inode(cues, was, now, nodes);
                case Ref.Work w -> pulse(cues, nodes.card(ref), 0);
                case Ref.Device d -> pulse(cues, nodes.card(ref), 0);
                case Ref.Csums c -> pulse(cues, nodes.card(ref), 0);
            }
        }
        return new Transition(cues, landFrom);
    }

    private static void page(List<Cue> cues, Page was, Page now, StageNodes nodes, double landFrom) {
        if (now == null) {
            return;
        }
        StageCard<?> card = nodes.card(Ref.page(now.id()));
        if (was == null) {
            if (card != null) {
                cues.add(Cue.appear(card, 0, 0, 0, 0.5));
            }
            return;
        }
        ByteCells cells = nodes.part(new Anchor.PageBytes(now.id())) instanceof ByteCells b ? b : null;
        if (cells != null && !was.bytes().equals(now.bytes())) {
            cues.add(Cue.flip(cells, was.bytes(), now.bytes(), landFrom, 1));
        }
        Node pin = nodes.part(new Anchor.Pin(now.id()));
        if (pin != null && was.pins() != now.pins()) {
            cues.add(Cue.pin(pin, now.pins() > was.pins(), 0, 0.8));
        }
    }

    private static void bio(List<Cue> cues, Bio was, Bio now, StageNodes nodes, boolean moving) {
        if (now == null) {
            return;
        }
        StageCard<?> card = nodes.card(Ref.bio(now.id()));
        if (card == null) {
            return;
        }
        if (was == null) {
            Rectangle2D parent = now.isClone() ? nodes.rect(Ref.bio(now.parent())) : null;
            Rectangle2D self = nodes.rect(Ref.bio(now.id()));
            if (parent != null && self != null) {
                cues.add(
                        Cue.appear(card, parent.getMinX() - self.getMinX(), parent.getMinY() - self.getMinY(), 0, 0.8));
            } else {
                cues.add(Cue.appear(card, 0, 0, 0, 0.6));
            }
        } else if (now.state() == BioState.DONE && was.state() != BioState.DONE) {
            cues.add(Cue.fade(card, FADED / DONE_LOOK, moving ? TRAVEL : 0.2, 1));
        } else if (!Objects.equals(was.sums(), now.sums())) {
            cues.add(Cue.pulse(card, 0, 0.8));
        }
        if (was != null && was.iter() != now.iter()) {
            pulse(cues, nodes.part(new Anchor.Iter(now.id())), 0); // submission advances bi_iter
        }
    }

    private static void block(List<Cue> cues, Device was, Device now, int block, StageNodes nodes, double landFrom) {
        if (was == null || now == null) {
            return;
        }
        String before = was.blocks().getOrDefault(block, "");
        String after = now.blocks().getOrDefault(block, "");
        ByteCells cells = nodes.part(new Anchor.BlockBytes(now.id(), block)) instanceof ByteCells b ? b : null;
        if (cells != null && !before.equals(after)) {
            cues.add(Cue.flip(cells, before, after, landFrom, 1));
        }
        pulse(cues, nodes.part(new Anchor.Crc(now.id(), block)), landFrom);
    }

    private static void inode(List<Cue> cues, World was, World now, StageNodes nodes) {
        var waiting = was.inode().rwsem().queue();
        var queue = now.inode().rwsem().queue();
        for (int i = 0; i < queue.size(); i++) {
            Node chip = nodes.part(new Anchor.Waiter(i));
            if (chip != null && !waiting.contains(queue.get(i))) {
                cues.add(Cue.appear(chip, 40, 0, 0, 0.7)); // a newcomer slides into the queue
            }
        }
        pulse(cues, nodes.card(Ref.inode()), 0);
    }

    private static void pulse(List<Cue> cues, Node n, double from) {
        if (n != null) {
            cues.add(Cue.pulse(n, from, 1));
        }
    }

    /** The bytes the DMA carries: the page's for a write, the block's for a read, as the DMA saw them. */
    private static String carried(Route first, World now) {
        if (first.count() > 1) {
            return Crowds.count(first.count()) + (first.from() instanceof Ref.Page ? " pages" : " blocks");
        }
        return switch (first.from()) {
            case Ref.Page p ->
                now.pages().containsKey(p.id()) ? now.page(p.id()).bytes() : "";
            case Ref.Block b ->
                now.devices().containsKey(b.device())
                        ? now.device(b.device()).blocks().getOrDefault(b.block(), "")
                        : "";
            default -> "";
        };
    }

    /** The packet's whole trip: this leg into the clone, then on out of it (the second route starts at the clone). */
    private static Route joined(Route first, List<Route> all) {
        for (Route r : all) {
            if (r.from().equals(first.to())
                    && r != first
                    && r.points().getFirst().getY() == first.points().getLast().getY()) {
                List<javafx.geometry.Point2D> pts = new ArrayList<>(first.points());
                pts.addAll(r.points());
                return new Route(first.kind(), first.from(), r.to(), pts, first.count());
            }
        }
        return first;
    }
}
