package org.diolab.engine;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.diolab.engine.invariant.Invariant;
import org.diolab.engine.invariant.Violation;
import org.diolab.engine.model.Ref;

/**
 * Makes the snapshots of a run — narration, violations, the deadlock ending — the same way for every scheduler
 * (scripted, random, interactive, replay), so a learner reads the same words whichever way a step was chosen.
 *
 * <p>It keeps no state: the caller says which occurrence of a label a step is (the n-th {@code leg0.dma}), because a
 * mutable run counts as it goes while an immutable session keeps the counts with each of its versions.
 */
public record SnapshotFactory(Simulator sim, NarrationBook book) {
    /** Snapshot 0: the initial state under the lesson's intro (or the scenario's name). */
    public Snapshot start() {
        SimState s = sim.initial();
        Narration intro = book.intro() != null
                ? book.intro()
                : Narration.plain(sim.scenario().name());
        return new Snapshot(0, s, Event.start(sim.scenario().name()), Set.of(), intro, sim.violations(s));
    }

    /** The snapshot after {@code step}, which is the {@code nth} (1-based) step with its actor and label. */
    public Snapshot stepped(int index, Simulator.Step step, int nth) {
        return of(index, step.event(), step.next(), step.transition().changed(), nth);
    }

    /** A scripted actor that had to wait: the state does not change, the learner is told why. */
    public Snapshot blocked(int index, SimState state, String actor, ActorStatus.Blocked b) {
        return of(index, new Event(EventKind.BLOCKED, actor, b.label(), actor + " " + b.reason()), state, Set.of(), 0);
    }

    /** True when the run cannot go on although some actor still has work: every such actor is blocked. */
    public boolean stuck(SimState state) {
        return !sim.finished(state) && sim.ready(state).isEmpty();
    }

    /** The last snapshot of a run that is {@link #stuck}: who waits for what, and a {@code no-deadlock} violation. */
    public Snapshot deadlock(int index, SimState state) {
        String waiting = String.join(
                "; ",
                sim.actors().stream()
                        .filter(a -> sim.status(state, a) instanceof ActorStatus.Blocked)
                        .map(a -> a + " " + ((ActorStatus.Blocked) sim.status(state, a)).reason())
                        .toList());
        Event dead = new Event(EventKind.DEADLOCK, "", "deadlock", "No actor can run: " + waiting);
        List<Violation> v = new ArrayList<>(sim.violations(state));
        v.add(new Violation(Invariant.NO_DEADLOCK, waiting));
        return new Snapshot(index, state, dead, Set.of(), null, v);
    }

    private Snapshot of(int index, Event event, SimState next, Set<Ref> changed, int nth) {
        Narration n = book.find(sim.policy(), event.actor(), event.label(), nth, event.kind() == EventKind.BLOCKED);
        return new Snapshot(index, next, event, changed, n, sim.violations(next));
    }
}
