package org.diolab.app.stage.cast;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.diolab.engine.Snapshot;
import org.diolab.engine.Trace;
import org.diolab.engine.model.Ref;

/**
 * Everything a lesson's runs will ever put on the stage — actors, pages, bios and their clones, devices with their
 * blocks, the checksum table, the inode, work items — read from every snapshot of the traces given. The stage lays
 * it out once from this, so between steps nothing moves except what the step changes.
 *
 * <pre>{@code
 * StageCast cast = StageCast.of(List.of(lesson.play(policy)), actors, usesLocks, true);
 * stageView.setCast(cast);   // measure and place once
 * }</pre>
 *
 * @param leads the objects some step changes on their own (with at most {@link Crowds#LEAD_MAX} others of their kind)
 *              or an invariant names: the story's characters. Past {@link Crowds#MIN} objects of a kind, the others
 *              are drawn as one crowd (see {@link Crowds}).
 */
public record StageCast(List<CastActor> actors, List<CastMember> members, boolean locks, int traces, Set<Ref> leads) {
    public StageCast {
        actors = List.copyOf(actors);
        members = List.copyOf(members);
        leads = Set.copyOf(leads);
    }

    public static StageCast empty() {
        return new StageCast(List.of(), List.of(), false, 0, Set.of());
    }

    /**
     * The cast of {@code traces} (e.g. the scripted run, then a replayed or learner's run of the same lesson).
     *
     * @param shareSlots whether objects never on show together may share a place; off for a run still being made
     *                   (the learner schedules), whose future is unknown
     */
    public static StageCast of(List<Trace> traces, List<CastActor> actors, boolean locks, boolean shareSlots) {
        Map<Ref, Acc> acc = new LinkedHashMap<>();
        Set<Ref> leads = new HashSet<>();
        for (int t = 0; t < traces.size(); t++) {
            for (Snapshot s : traces.get(t).snapshots()) {
                leads.addAll(Crowds.leadsOf(s));
                for (StageObjects.Entry e : StageObjects.of(s.state().world(), s.changed(), locks)) {
                    Acc a = acc.computeIfAbsent(e.ref(), r -> new Acc(e, acc.size(), traces.size()));
                    a.values.add(e.value());
                    if (e.shown()) {
                        CastMember.Span span = a.spans.get(t);
                        a.spans.set(
                                t, span == null ? new CastMember.Span(s.index(), s.index()) : span.extend(s.index()));
                    }
                }
                for (var v : s.violations()) {
                    leads.addAll(v.refs());
                    for (Ref r : v.refs()) {
                        Acc owner = acc.get(cardOf(r));
                        if (owner != null) {
                            owner.marks.add(ViolationMarks.of(v.invariant()));
                        }
                    }
                }
            }
        }
        if (!shareSlots) {
            acc.values()
                    .forEach(a ->
                            a.spans.replaceAll(sp -> sp == null ? null : new CastMember.Span(0, Integer.MAX_VALUE)));
        }
        List<CastMember> members = new ArrayList<>();
        acc.forEach((ref, a) -> members.add(
                new CastMember(ref, a.column, a.group, a.order, a.spans, List.copyOf(a.values), List.copyOf(a.marks))));
        return new StageCast(actors, members, locks, traces.size(), leads);
    }

    public List<CastMember> in(Column c) {
        return members.stream().filter(m -> m.column() == c).toList();
    }

    /** Actors that get a lane: threads and workers (a device is drawn as its card). */
    public List<CastActor> laneActors() {
        return actors.stream().filter(a -> a.role() != ActorRole.DEVICE).toList();
    }

    /** Whether every object {@code trace} shows has a place in this cast. */
    public boolean covers(Trace trace) {
        Set<Ref> known = new HashSet<>();
        members.forEach(m -> known.add(m.ref()));
        for (Snapshot s : trace.snapshots()) {
            for (StageObjects.Entry e : StageObjects.of(s.state().world(), s.changed(), locks)) {
                if (!known.contains(e.ref())) {
                    return false;
                }
            }
        }
        return true;
    }

    public Optional<CastMember> member(Ref ref) {
        return members.stream().filter(m -> m.ref().equals(ref)).findFirst();
    }

    /** The card an object is drawn on: a block on its device's, a checksum row on the table's. */
    public static Ref cardOf(Ref r) {
        return switch (r) {
            case Ref.Block b -> Ref.device(b.device());
            case Ref.Csum c -> Ref.csums();
            default -> r;
        };
    }

    private static final class Acc {
        final Column column;
        final Ref group;
        final int order;
        final Set<Object> values = new LinkedHashSet<>();
        final Set<String> marks = new LinkedHashSet<>();
        final List<CastMember.Span> spans;

        Acc(StageObjects.Entry e, int order, int traces) {
            this.column = e.column();
            this.group = e.group();
            this.order = order;
            this.spans = new ArrayList<>(java.util.Collections.nCopies(traces, null));
        }
    }
}
