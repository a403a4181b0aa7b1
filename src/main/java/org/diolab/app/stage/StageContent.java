package org.diolab.app.stage;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import javafx.geometry.Bounds;
import javafx.geometry.Rectangle2D;
import javafx.scene.Group;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.control.Label;
import javafx.scene.layout.Pane;
import org.diolab.app.stage.cards.Cards;
import org.diolab.app.stage.cards.LaneRow;
import org.diolab.app.stage.cards.PageCrowd;
import org.diolab.app.stage.cards.StageCard;
import org.diolab.app.stage.cast.ActorLane;
import org.diolab.app.stage.cast.CastActor;
import org.diolab.app.stage.cast.CastMember;
import org.diolab.app.stage.cast.Column;
import org.diolab.app.stage.cast.Crowds;
import org.diolab.app.stage.cast.LaneState;
import org.diolab.app.stage.cast.StageCast;
import org.diolab.app.stage.layout.Anchor;
import org.diolab.app.stage.layout.Crowd;
import org.diolab.app.stage.layout.Heading;
import org.diolab.app.stage.layout.LayoutEngine;
import org.diolab.app.stage.layout.StageLayout;
import org.diolab.engine.model.Ref;

/**
 * The stage in stage units: headings, lanes and a card for every member of the cast, each at its fixed place; above
 * them the arrows, the wait-for loops and the motion layer. Built once per cast.
 */
final class StageContent extends Pane {
    final Map<Ref, StageCard<?>> cards = new LinkedHashMap<>();
    final Map<String, LaneRow> lanes = new LinkedHashMap<>();
    final Map<Anchor, Rectangle2D> anchors = new HashMap<>();
    /** The crowds of pages drawn as grids, by column (see {@code Crowds}). */
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
            Cards.of(m, cast, crowdedPages).ifPresent(card -> {
                cards.put(m.ref(), card);
                getChildren().add(card);
            });
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
            l.getStyleClass().add("stage-heading");
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

    /** Anchors inside a card, in stage units: the card is at its fixed place, so these never move either. */
    private void collectAnchors(Parent card, Rectangle2D box) {
        if (box == null) {
            return;
        }
        List<Node> stack = new ArrayList<>(card.getChildrenUnmodifiable());
        while (!stack.isEmpty()) {
            Node n = stack.removeLast();
            Anchor key = Anchor.of(n);
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
