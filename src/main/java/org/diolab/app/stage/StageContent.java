package org.diolab.app.stage;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import javafx.geometry.Bounds;
import javafx.geometry.Rectangle2D;
import javafx.scene.Group;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.control.Label;
import javafx.scene.layout.Pane;
import org.diolab.engine.model.Bio;
import org.diolab.engine.model.CsumWork;
import org.diolab.engine.model.Device;
import org.diolab.engine.model.Inode;
import org.diolab.engine.model.Page;
import org.diolab.engine.model.Ref;

/**
 * The stage in stage units: headings, lanes and a card for every member of the cast, each at its fixed place; above
 * them the arrows, the wait-for loops and the motion layer. Built once per cast.
 */
final class StageContent extends Pane {
    final Map<Ref, StageCard<?>> cards = new LinkedHashMap<>();
    final Map<String, LaneRow> lanes = new LinkedHashMap<>();
    final Map<Object, Rectangle2D> anchors = new HashMap<>();
    /** The crowds of pages drawn as grids, by column (see {@link Crowds}). */
    final Map<Column, PageCrowd> crowds = new LinkedHashMap<>();

    final Group arrows = new Group();
    final Group loops = new Group();
    final Group motion = new Group();
    StageLayout layout = StageLayout.empty();

    StageContent() {
        getStyleClass().add("stage-content");
        arrows.setManaged(false);
        loops.setManaged(false);
        motion.setManaged(false);
        arrows.setMouseTransparent(true);
        loops.setMouseTransparent(true);
        motion.setMouseTransparent(true);
    }

    /** Makes the cards, measures them, lays them out and fixes every node's place. Needs a scene (for CSS). */
    void build(StageCast cast, boolean scheduling) {
        getChildren().clear();
        cards.clear();
        lanes.clear();
        anchors.clear();
        crowds.clear();
        Map<Column, List<CastMember>> crowded = Crowds.pages(cast);
        Map<String, Column> byId = new HashMap<>();
        crowded.forEach((c, list) -> list.forEach(m -> byId.put(((Ref.Page) m.ref()).id(), c)));
        Map<String, Column> crowdedPages = Map.copyOf(byId);
        for (CastMember m : cast.members()) {
            if (m.ref() instanceof Ref.Page p && crowdedPages.containsKey(p.id())) {
                continue;
            }
            StageCard<?> card = cardFor(m, cast, crowdedPages);
            if (card != null) {
                cards.put(m.ref(), card);
                getChildren().add(card);
            }
        }
        CastMeasure measure = new CastMeasure(cards, this, scheduling, cast.actors());
        layout = LayoutEngine.layout(cast, crowded, measure);
        measure.dispose();
        for (Crowd k : layout.crowds()) {
            PageCrowd node = new PageCrowd(k);
            place(node, k.box());
            crowds.put(k.column(), node);
            getChildren().add(node);
        }
        for (Heading h : layout.headings()) {
            Label l = new Label(h.text());
            l.getStyleClass().add("section-title");
            l.setMinWidth(USE_PREF_SIZE);
            place(l, h.box());
            getChildren().add(l);
        }
        for (CastActor a : cast.laneActors()) {
            LaneRow row =
                    new LaneRow(new ActorLane(a.id(), a.title(), a.role(), List.of(), LaneState.IDLE, "", List.of()));
            row.setId("lane-" + a.id());
            lanes.put(a.id(), row);
            place(row, layout.lanes().get(a.id()));
            getChildren().add(row);
        }
        layout.cards().forEach((ref, box) -> place(cards.get(ref), box));
        cards.values().forEach(Node::toFront);
        getChildren().addAll(arrows, loops, motion);
        setMinSize(layout.width(), layout.height());
        setPrefSize(layout.width(), layout.height());
        setMaxSize(layout.width(), layout.height());
        applyCss();
        layout();
        cards.forEach((ref, card) -> collectAnchors(card, layout.card(ref)));
    }

    private static void place(javafx.scene.layout.Region n, Rectangle2D box) {
        if (n == null || box == null) {
            return;
        }
        n.setMinSize(box.getWidth(), box.getHeight());
        n.setPrefSize(box.getWidth(), box.getHeight());
        n.setMaxSize(box.getWidth(), box.getHeight());
        n.relocate(box.getMinX(), box.getMinY());
    }

    /** @param crowdedPages pages drawn in a crowd, by id: a bio's bvecs into a crowd share one chip */
    private static StageCard<?> cardFor(CastMember m, StageCast cast, Map<String, Column> crowdedPages) {
        Object first = m.values().getFirst();
        StageCard<?> card = switch (first) {
            case Page p -> new PageCard(p);
            case Bio b -> {
                BioCard c = new BioCard(b);
                c.crowdedProperty().set(crowdedPages);
                yield c;
            }
            case Device d -> {
                DeviceCard c = new DeviceCard(d);
                TreeSet<Integer> blocks = new TreeSet<>();
                m.values().forEach(v -> blocks.addAll(((Device) v).blocks().keySet()));
                List<Integer> all = List.copyOf(blocks);
                c.crowdBlocksProperty().set(Crowds.numbers(cast, all, n -> Ref.block(d.id(), n)));
                c.blocksProperty().set(all);
                yield c;
            }
            case ChecksumTable t -> {
                ChecksumCard c = new ChecksumCard(t);
                TreeSet<Integer> blocks = new TreeSet<>();
                m.values()
                        .forEach(v -> blocks.addAll(((ChecksumTable) v).csums().keySet()));
                List<Integer> all = List.copyOf(blocks);
                c.crowdRowsProperty().set(Crowds.numbers(cast, all, Ref::csum));
                c.blocksProperty().set(all);
                yield c;
            }
            case Inode i -> new InodeCard(i);
            case CsumWork w -> new WorkCard(w);
            default -> null; // an object kind without a card yet is simply not drawn
        };
        if (card != null) {
            card.setId(m.ref().toString().replace(':', '-').replace('/', '-').replace('@', '-'));
        }
        return card;
    }

    /** Anchors inside a card, in stage units: the card is at its fixed place, so these never move either. */
    private void collectAnchors(Parent card, Rectangle2D box) {
        if (box == null) {
            return;
        }
        List<Node> stack = new ArrayList<>(card.getChildrenUnmodifiable());
        while (!stack.isEmpty()) {
            Node n = stack.removeLast();
            Object key = Anchors.of(n);
            if (key != null) {
                Bounds b = n.getBoundsInLocal();
                Node at = n;
                double x = b.getMinX();
                double y = b.getMinY();
                while (at != card && at != null) {
                    x += at.getLayoutX() + at.getTranslateX();
                    y += at.getLayoutY() + at.getTranslateY();
                    at = at.getParent();
                }
                anchors.put(key, new Rectangle2D(box.getMinX() + x, box.getMinY() + y, b.getWidth(), b.getHeight()));
            }
            if (n instanceof Parent p) {
                stack.addAll(p.getChildrenUnmodifiable());
            }
        }
    }

    @Override
    protected void layoutChildren() {
        // Every node keeps the place the layout gave it; only sizes are (re)applied.
        for (Node n : getManagedChildren()) {
            if (n instanceof javafx.scene.layout.Region r) {
                r.resize(r.getPrefWidth(), r.getPrefHeight());
            } else {
                n.autosize();
            }
        }
    }
}
