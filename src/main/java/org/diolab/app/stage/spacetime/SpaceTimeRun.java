package org.diolab.app.stage.spacetime;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BiPredicate;
import org.diolab.engine.EventKind;
import org.diolab.engine.Snapshot;
import org.diolab.engine.Trace;
import org.diolab.engine.model.Bio;
import org.diolab.engine.model.BioOp;
import org.diolab.engine.model.Page;
import org.diolab.engine.model.Ref;
import org.diolab.engine.model.World;

/**
 * A whole run as a space-time diagram: one column per actor, one row per step, the data that flows between actors
 * (a store that a later DMA reads, a DMA read that its thread then completes), the waits, and the step where an
 * invariant first breaks. Built from a {@link Trace}, so the scripted run, a replayed counterexample and the learner's
 * own schedule are drawn alike.
 *
 * @param actors  column order
 * @param steps   one entry per snapshot after the start (index 1..n)
 * @param flows   data flowing from one step to a later one of another actor
 * @param waiting per actor, the step indices at which it was waiting
 */
public record SpaceTimeRun(
        List<String> actors,
        List<Step> steps,
        List<Flow> flows,
        Map<String, List<Integer>> waiting,
        int firstViolation,
        int size) {
    public SpaceTimeRun {
        actors = List.copyOf(actors);
        steps = List.copyOf(steps);
        flows = List.copyOf(flows);
        waiting = Map.copyOf(waiting);
    }

    public static SpaceTimeRun empty() {
        return new SpaceTimeRun(List.of(), List.of(), List.of(), Map.of(), -1, 0);
    }

    /** One step: who acted (empty for a deadlock, which is everyone's), and how. */
    public record Step(int index, String actor, EventKind kind, String label, boolean violated) {}

    /** Data written at step {@code from} and used at step {@code to}, with what it was. */
    public record Flow(int from, int to, String what) {}

    /** A run of {@code sim}: every actor a column, and an actor waits at a step when the simulator says it is blocked. */
    public static SpaceTimeRun of(Trace trace, org.diolab.engine.Simulator sim) {
        return of(
                trace,
                sim.actors(),
                (k, a) -> sim.status(trace.get(k).state(), a) instanceof org.diolab.engine.ActorStatus.Blocked);
    }

    /** A run drawn from its trace alone: waits are the steps a scripted actor was recorded waiting. */
    public static SpaceTimeRun of(Trace trace, List<String> actors) {
        return of(trace, actors, (k, a) -> false);
    }

    /**
     * @param waiting whether actor {@code a} is waiting at step {@code k} (the app asks the simulator)
     */
    public static SpaceTimeRun of(Trace trace, List<String> actors, BiPredicate<Integer, String> waiting) {
        List<Step> steps = new ArrayList<>();
        List<Flow> flows = new ArrayList<>();
        Map<String, Integer> pageWriter = new HashMap<>();
        Map<String, String> builtBy = new HashMap<>();
        Map<String, List<Integer>> waits = new HashMap<>();
        for (int k = 1; k < trace.size(); k++) {
            Snapshot s = trace.get(k);
            World before = trace.get(k - 1).state().world();
            World now = s.state().world();
            String actor =
                    s.event().kind() == EventKind.DEADLOCK ? "" : s.event().actor();
            steps.add(new Step(
                    k,
                    actor,
                    s.event().kind(),
                    s.event().label(),
                    !s.violations().isEmpty()));
            for (String a : actors) {
                if (waiting.test(k, a)
                        || (s.event().kind() == EventKind.BLOCKED
                                && s.event().actor().equals(a))) {
                    waits.computeIfAbsent(a, x -> new ArrayList<>()).add(k);
                }
            }
            if (s.event().kind() != EventKind.STEP) {
                continue;
            }
            for (Ref r : s.changed()) {
                if (r instanceof Ref.Bio b
                        && now.bios().containsKey(b.id())
                        && !before.bios().containsKey(b.id())
                        && !now.bio(b.id()).isClone()) {
                    builtBy.put(b.id(), actor);
                }
            }
            dmaFlows(trace, k, now, pageWriter, builtBy, flows);
            for (Ref r : s.changed()) {
                if (r instanceof Ref.Page p && bytesChanged(before, now, p.id())) {
                    pageWriter.put(p.id(), k);
                }
            }
        }
        return new SpaceTimeRun(actors, steps, flows, waits, trace.firstViolationIndex(), trace.size());
    }

    private static void dmaFlows(
            Trace trace,
            int k,
            World now,
            Map<String, Integer> pageWriter,
            Map<String, String> builtBy,
            List<Flow> flows) {
        Snapshot s = trace.get(k);
        String device = s.event().actor();
        for (Ref r : s.changed()) {
            if (!(r instanceof Ref.Bio b) || !now.bios().containsKey(b.id())) {
                continue;
            }
            Bio clone = now.bio(b.id());
            if (!clone.isClone() || !clone.target().equals(device)) {
                continue;
            }
            if (clone.op() == BioOp.WRITE) {
                for (String p : clone.pages()) {
                    Integer from = pageWriter.get(p);
                    if (from != null) {
                        flows.add(new Flow(from, k, p + " = '" + bytes(now, p) + "'"));
                    }
                }
            } else {
                String reader = builtBy.get(clone.parent());
                for (int j = k + 1; reader != null && j < trace.size(); j++) {
                    Snapshot later = trace.get(j);
                    if (later.event().kind() == EventKind.STEP
                            && later.event().actor().equals(reader)) {
                        flows.add(new Flow(k, j, String.join(", ", clone.pages())));
                        break;
                    }
                }
            }
        }
    }

    private static boolean bytesChanged(World before, World now, String page) {
        Page a = before.pages().get(page);
        Page b = now.pages().get(page);
        return b != null && (a == null || !a.bytes().equals(b.bytes()));
    }

    private static String bytes(World w, String page) {
        Page p = w.pages().get(page);
        return p == null ? "" : p.bytes();
    }
}
