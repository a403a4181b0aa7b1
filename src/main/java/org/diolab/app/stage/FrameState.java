package org.diolab.app.stage;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Consumer;
import javafx.beans.property.ObjectProperty;
import org.diolab.app.stage.cards.ChecksumCard;
import org.diolab.app.stage.cards.DeviceCard;
import org.diolab.app.stage.cards.StageCard;
import org.diolab.app.stage.cast.ActorLane;
import org.diolab.app.stage.cast.Column;
import org.diolab.app.stage.cast.StageMoment;
import org.diolab.app.stage.cast.StageObjects;
import org.diolab.app.stage.cast.ViolationMarks;
import org.diolab.app.stage.layout.Crowd;
import org.diolab.engine.Snapshot;
import org.diolab.engine.invariant.Violation;
import org.diolab.engine.model.Page;
import org.diolab.engine.model.Ref;

/**
 * One step as the cards show it: which objects are on show with which values, what the step changed, and the marks
 * of broken invariants on the objects they name. Applying it touches only cards whose value or state differs.
 */
final class FrameState {
    private final StageMoment moment;
    private final List<StageObjects.Entry> entries;
    private final Map<String, ActorLane> lanes = new HashMap<>();
    private final Map<Ref, List<String>> marks = new HashMap<>();

    private FrameState(StageMoment at) {
        this.moment = at;
        this.entries = at.entries();
        at.lanes().forEach(l -> lanes.put(l.id(), l));
        for (Violation v : at.violations()) {
            for (Ref r : v.refs()) {
                List<String> m = marks.computeIfAbsent(r, k -> new ArrayList<>());
                String text = ViolationMarks.of(v.invariant());
                if (!m.contains(text)) {
                    m.add(text);
                }
            }
        }
    }

    static FrameState of(Snapshot s, boolean locks, List<ActorLane> lanes) {
        return new FrameState(StageMoment.still(s, locks, lanes));
    }

    /** The stage at {@code m}: a step's still picture, or its start before what it causes has happened. */
    static FrameState of(StageMoment m) {
        return new FrameState(m);
    }

    /** Shows this step on {@code content}'s cards and lanes; returns the objects on show. */
    Set<Ref> apply(StageContent content, Consumer<String> onStep) {
        Set<Ref> changed = moment.changed();
        Set<Ref> shown = new HashSet<>();
        Set<Ref> present = new HashSet<>();
        Map<Column, CrowdFrame> crowds = new HashMap<>();
        content.crowds.forEach(
                (c, node) -> crowds.put(c, new CrowdFrame(node.crowd().members().size())));
        for (StageObjects.Entry e : entries) {
            StageCard<?> card = content.cards.get(e.ref());
            if (card == null) {
                Crowd k = crowds.isEmpty() ? null : content.layout.crowdOf(e.ref());
                if (k != null && e.shown() && e.value() instanceof Page p) {
                    shown.add(e.ref());
                    int i = k.index().get(e.ref());
                    CrowdFrame f = crowds.get(k.column());
                    f.values[i] = p;
                    f.changed[i] = changed.contains(e.ref());
                    f.marked[i] = marks.containsKey(e.ref());
                }
                continue;
            }
            present.add(e.ref());
            card.setVisible(e.shown());
            if (!e.shown()) {
                continue;
            }
            shown.add(e.ref());
            card.setOpacity(1);
            card.setTranslateX(0);
            card.setTranslateY(0);
            card.setScaleX(1);
            card.setScaleY(1);
            if (!Objects.equals(card.valueProperty().get(), e.value())) {
                card.setUntyped(e.value());
            }
            card.changedProperty().set(changed.contains(e.ref()));
            switch (card) {
                case DeviceCard d -> device(d, changed, onStep);
                case ChecksumCard c -> checksums(c, changed);
                default -> put(card.marksProperty(), List.copyOf(marks.getOrDefault(e.ref(), List.of())));
            }
        }
        content.cards.forEach((ref, card) -> {
            if (!present.contains(ref)) {
                card.setVisible(false);
            }
        });
        crowds.forEach((c, f) -> content.crowds.get(c).show(f.values, f.changed, f.marked));
        String acted = moment.acted();
        content.lanes.forEach((id, row) -> {
            ActorLane lane = lanes.get(id);
            if (lane != null) {
                put(row.laneProperty(), lane);
            }
            row.actedProperty().set(id.equals(acted));
            row.onStepProperty().set(onStep);
        });
        return shown;
    }

    /** One step of a crowd of pages: each member's page (null while not on show), changed, marked. */
    private static final class CrowdFrame {
        final Page[] values;
        final boolean[] changed;
        final boolean[] marked;

        CrowdFrame(int n) {
            values = new Page[n];
            changed = new boolean[n];
            marked = new boolean[n];
        }
    }

    private void device(DeviceCard d, Set<Ref> changed, Consumer<String> onStep) {
        String id = d.valueProperty().get().id();
        Set<Integer> blocks = new HashSet<>();
        Map<Integer, String> flagged = new TreeMap<>();
        changed.forEach(r -> {
            if (r instanceof Ref.Block b && b.device().equals(id)) {
                blocks.add(b.block());
            }
        });
        marks.forEach((r, m) -> {
            if (r instanceof Ref.Block b && b.device().equals(id)) {
                flagged.put(b.block(), String.join(" ", m));
            }
        });
        put(d.changedBlocksProperty(), Set.copyOf(blocks));
        put(d.blockMarksProperty(), Map.copyOf(flagged));
        put(d.laneProperty(), lanes.get(id));
        put(d.marksProperty(), List.copyOf(marks.getOrDefault(Ref.device(id), List.of())));
        d.onStepProperty().set(onStep);
        d.changedProperty().set(!blocks.isEmpty() || changed.contains(Ref.device(id)));
    }

    private void checksums(ChecksumCard c, Set<Ref> changed) {
        Set<Integer> rows = new HashSet<>();
        Set<Integer> bad = new HashSet<>();
        changed.forEach(r -> {
            if (r instanceof Ref.Csum x) {
                rows.add(x.block());
            }
        });
        marks.keySet().forEach(r -> {
            if (r instanceof Ref.Csum x) {
                bad.add(x.block());
            }
        });
        put(c.changedRowsProperty(), Set.copyOf(rows));
        put(c.violatedRowsProperty(), Set.copyOf(bad));
        c.changedProperty().set(!rows.isEmpty());
        // The marks of whatever invariants name the rows (a mismatch, a false checksum error, an EIO), not always
        // "mismatch": the card must name what the panel lists.
        List<String> named = new ArrayList<>();
        marks.forEach((r, m) -> {
            if (r instanceof Ref.Csum) {
                m.stream().filter(t -> !named.contains(t)).forEach(named::add);
            }
        });
        named.sort(null);
        put(c.marksProperty(), List.copyOf(named));
    }

    /**
     * Sets {@code p} only when the value differs: the engine makes new records every step, and each set would
     * refresh a skin (texts, pseudo-classes, a CSS and layout pass) that shows the same thing.
     */
    private static <T> void put(ObjectProperty<T> p, T v) {
        if (!Objects.equals(p.get(), v)) {
            p.set(v);
        }
    }
}
