package org.diolab.app.stage.cast;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.diolab.engine.EventKind;
import org.diolab.engine.Snapshot;
import org.diolab.engine.invariant.Violation;
import org.diolab.engine.model.Ref;

/**
 * What is true on stage at one instant: the objects with their values, what just changed, the broken invariants, the
 * lanes, and who acts. A step's still picture is one moment; a step whose effects wait for a cause (a DMA's packet
 * that must land first) starts from another, {@link #beforeLanding}: the step has begun — its actor acts, new objects
 * appear, the packet is on its way — but nothing it causes is true yet.
 *
 * @param acted the actor whose step this is ("" for the start, a wait or a deadlock)
 */
public record StageMoment(
        List<StageObjects.Entry> entries,
        Set<Ref> changed,
        List<Violation> violations,
        List<ActorLane> lanes,
        String acted) {
    public StageMoment {
        entries = List.copyOf(entries);
        changed = Set.copyOf(changed);
        violations = List.copyOf(violations);
        lanes = List.copyOf(lanes);
    }

    /** The still picture of step {@code s}. */
    public static StageMoment still(Snapshot s, boolean locks, List<ActorLane> lanes) {
        return new StageMoment(
                StageObjects.of(s.state().world(), s.changed(), locks), s.changed(), s.violations(), lanes, actor(s));
    }

    /**
     * Step {@code next} begun but not landed: the objects it creates are on show (they appear as it starts), every
     * other object keeps the value, look and marks it had at {@code before}, lanes and banner stay as they were; only
     * the acting lane is lit.
     */
    public static StageMoment beforeLanding(
            Snapshot before, Snapshot next, boolean locks, List<ActorLane> lanesBefore) {
        Map<Ref, StageObjects.Entry> was = new LinkedHashMap<>();
        StageObjects.of(before.state().world(), before.changed(), locks).forEach(e -> was.put(e.ref(), e));
        List<StageObjects.Entry> entries = new ArrayList<>();
        Set<Ref> appearing = new HashSet<>();
        for (StageObjects.Entry e : StageObjects.of(next.state().world(), next.changed(), locks)) {
            StageObjects.Entry old = was.remove(e.ref());
            if (old != null) {
                entries.add(old);
            } else {
                entries.add(e);
                appearing.add(e.ref());
            }
        }
        entries.addAll(was.values()); // gone at the landing, not before
        Set<Ref> changed = new HashSet<>(next.changed());
        changed.retainAll(appearing);
        return new StageMoment(entries, changed, before.violations(), lanesBefore, actor(next));
    }

    private static String actor(Snapshot s) {
        return s.event().kind() == EventKind.STEP ? s.event().actor() : "";
    }
}
