package org.diolab.app.stage;

import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import javafx.geometry.Dimension2D;
import javafx.scene.control.Label;
import javafx.scene.layout.Pane;
import org.diolab.app.stage.cards.CrowdCaption;
import org.diolab.app.stage.cards.DeviceCard;
import org.diolab.app.stage.cards.LaneRow;
import org.diolab.app.stage.cards.StageCard;
import org.diolab.app.stage.cast.ActorLane;
import org.diolab.app.stage.cast.ActorRole;
import org.diolab.app.stage.cast.CastActor;
import org.diolab.app.stage.cast.CastMember;
import org.diolab.app.stage.cast.ChipState;
import org.diolab.app.stage.cast.LaneState;
import org.diolab.app.stage.cast.StepChip;
import org.diolab.app.stage.layout.CardMeasure;
import org.diolab.engine.model.Ref;

/**
 * Measures the cast with the real skins and stylesheet: each card is shown every value it takes in the runs and
 * keeps the largest size; each lane is shown with every step of its program as a chip and its longest status. So no
 * text is ever cut, and no card grows or shrinks between steps.
 */
final class CastMeasure implements CardMeasure {
    private final Map<Ref, StageCard<?>> cards;
    private final Pane host;
    private final boolean scheduling;
    private final Map<Ref, Dimension2D> sizes = new HashMap<>();
    private final Map<String, LaneRow> probes = new HashMap<>();
    private final Map<String, List<String>> notes = new HashMap<>();

    /**
     * @param host where probes are added while measuring (it must be in a scene, for CSS)
     */
    CastMeasure(Map<Ref, StageCard<?>> cards, Pane host, boolean scheduling, List<CastActor> actors) {
        this.cards = cards;
        this.host = host;
        this.scheduling = scheduling;
        actors.forEach(a -> notes.put(a.id(), a.notes()));
    }

    @Override
    public Dimension2D card(CastMember m) {
        return sizes.computeIfAbsent(m.ref(), r -> measure(m));
    }

    private Dimension2D measure(CastMember m) {
        StageCard<?> card = cards.get(m.ref());
        if (card == null) {
            return new Dimension2D(0, 0);
        }
        double w = 0;
        List<String> laneNotes = card instanceof DeviceCard d
                ? notes.getOrDefault(d.valueProperty().get().id(), List.of())
                : List.of();
        List<String> each = List.of(longest(laneNotes));
        if (card instanceof DeviceCard d && !m.marks().isEmpty()) {
            String mark = String.join(" ", m.marks());
            java.util.Map<Integer, String> all = new java.util.HashMap<>();
            d.blocksProperty().get().forEach(b -> all.put(b, mark));
            d.blockMarksProperty().set(all);
        }
        for (Object v : m.values()) {
            card.setUntyped(v);
            for (String note : each) {
                deviceLane(card, note);
                card.applyCss();
                w = Math.max(w, card.prefWidth(-1));
            }
        }
        // A wrapping label given exactly its preferred width can wrap on rounding: leave it a pixel or two.
        w = Math.ceil(w) + 2;
        double h = 0;
        for (Object v : m.values()) {
            card.setUntyped(v);
            for (String note : each) {
                deviceLane(card, note);
                card.applyCss();
                h = Math.max(h, card.prefHeight(w));
            }
        }
        card.setUntyped(m.values().getFirst());
        if (card instanceof DeviceCard d) {
            d.blockMarksProperty().set(java.util.Map.of());
        }
        return new Dimension2D(w, Math.ceil(h));
    }

    private static void deviceLane(StageCard<?> card, String note) {
        if (card instanceof DeviceCard d && !note.isEmpty()) {
            d.laneProperty()
                    .set(new ActorLane(
                            d.valueProperty().get().id(),
                            "",
                            ActorRole.DEVICE,
                            List.of(),
                            LaneState.BLOCKED,
                            note,
                            List.of()));
        }
    }

    @Override
    public double laneMinWidth(CastActor a) {
        LaneRow probe = probe(a, longest(a.notes()));
        double button = scheduling ? 70 : 0;
        probe.applyCss();
        // The chips' room: two of the lane's widest (the step taken and the next).
        // The name with the title under it takes the wider of the two (the title wraps beyond LaneRow.TITLE_MAX).
        double name = probe.lookup(".lane-who") instanceof javafx.scene.layout.Region who
                ? who.prefWidth(-1)
                : LaneRow.NAME_WIDTH;
        double chips = probe.lookup(".lane-steps") instanceof javafx.scene.layout.Region r ? r.minWidth(-1) : 0;
        // The name and, under it, the title; then the status and the chips.
        return Math.max(Math.max(name, LaneRow.NAME_WIDTH), LaneRow.TITLE_MIN)
                + LaneRow.STATE_WIDTH
                + chips
                + button
                + 3 * 12
                + 24;
    }

    @Override
    public double laneHeight(CastActor a, double width) {
        // The status label has a fixed width and wraps: the longest status is the tallest.
        LaneRow probe = probe(a, longest(a.notes()));
        probe.applyCss();
        return Math.ceil(probe.prefHeight(width));
    }

    @Override
    public double headingHeight() {
        return Math.ceil(measured(new Label("Storage"), "stage-heading").getHeight());
    }

    @Override
    public Dimension2D caption(String text) {
        Dimension2D d = measured(new CrowdCaption(text), "crowd-caption");
        return new Dimension2D(Math.ceil(d.getWidth()) + 2, Math.ceil(d.getHeight()));
    }

    /** The preferred size of {@code l} styled {@code styleClass}, on the stage. */
    private Dimension2D measured(Label l, String styleClass) {
        l.getStyleClass().add(styleClass);
        host.getChildren().add(l);
        l.applyCss();
        Dimension2D d = new Dimension2D(l.prefWidth(-1), l.prefHeight(-1));
        host.getChildren().remove(l);
        return d;
    }

    /** Removes the probes once measuring is done. */
    void dispose() {
        host.getChildren().removeAll(probes.values());
        probes.clear();
    }

    private LaneRow probe(CastActor a, String note) {
        List<StepChip> chips =
                a.program().stream().map(l -> StepChip.of(l, ChipState.TODO)).toList();
        ActorLane lane = new ActorLane(a.id(), a.title(), a.role(), chips, LaneState.BLOCKED, note, List.of());
        LaneRow row = probes.computeIfAbsent(a.id(), id -> {
            LaneRow r = new LaneRow(lane);
            r.setVisible(false);
            host.getChildren().add(r);
            return r;
        });
        row.laneProperty().set(lane);
        row.onStepProperty().set(scheduling ? s -> {} : null);
        return row;
    }

    private static String longest(List<String> notes) {
        return notes.stream().max(Comparator.comparingInt(String::length)).orElse("");
    }
}
