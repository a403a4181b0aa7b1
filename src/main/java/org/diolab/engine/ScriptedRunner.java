package org.diolab.engine;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.Map;
import java.util.List;
import java.util.Set;
import org.diolab.engine.invariant.Invariant;
import org.diolab.engine.invariant.Violation;

/**
 * Runs a scenario in the order a lesson scripts, then lets the remaining actors finish in declared order. An actor the
 * script finds waiting is recorded as a BLOCKED event (the learner sees why) and the script moves on.
 */
public final class ScriptedRunner {
    /** Hard stop against a scenario that never settles; real lessons take a few dozen steps. */
    static final int MAX_STEPS = 10_000;

    private final Simulator sim;
    private final NarrationBook book;
    private final List<Snapshot> snapshots = new ArrayList<>();
    private final Map<String, Integer> occurrences = new HashMap<>();
    private SimState state;

    private ScriptedRunner(Simulator sim, NarrationBook book) {
        this.sim = sim;
        this.book = book;
        this.state = sim.initial();
        Narration intro = book.intro() != null ? book.intro() : Narration.plain(sim.scenario().name());
        snapshots.add(new Snapshot(0, state, Event.start(sim.scenario().name()), Set.of(), intro,
                sim.violations(state)));
    }

    public static Trace run(Simulator sim, List<ScheduleEntry> script, NarrationBook book) {
        ScriptedRunner r = new ScriptedRunner(sim, book);
        for (ScheduleEntry e : script) {
            r.runEntry(e);
        }
        r.finish();
        return new Trace(sim.scenario().name(), sim.policy(), r.snapshots);
    }

    private void runEntry(ScheduleEntry e) {
        if (!sim.actors().contains(e.actor())) {
            throw new IllegalArgumentException("script names unknown actor " + e.actor() + "; actors: " + sim.actors());
        }
        while (true) {
            ActorStatus st = sim.status(state, e.actor());
            switch (st) {
                case ActorStatus.Idle idle -> {
                    return;
                }
                case ActorStatus.Blocked b -> {
                    record(new Event(EventKind.BLOCKED, e.actor(), b.label(), e.actor() + " " + b.reason()),
                            state, Set.of());
                    return;
                }
                case ActorStatus.Ready ready -> {
                    take(e.actor());
                    if (e.until() == null || e.until().equals(ready.label())) {
                        return;
                    }
                }
            }
        }
    }

    private void finish() {
        while (!sim.finished(state)) {
            List<String> ready = sim.ready(state);
            if (ready.isEmpty()) {
                String waiting = String.join("; ", sim.actors().stream()
                        .filter(a -> sim.status(state, a) instanceof ActorStatus.Blocked)
                        .map(a -> a + " " + ((ActorStatus.Blocked) sim.status(state, a)).reason()).toList());
                Event dead = new Event(EventKind.DEADLOCK, "", "deadlock", "No actor can run: " + waiting);
                List<Violation> v = new ArrayList<>(sim.violations(state));
                v.add(new Violation(Invariant.NO_DEADLOCK, waiting));
                snapshots.add(new Snapshot(snapshots.size(), state, dead, Set.of(), book.outro(), v));
                return;
            }
            take(ready.getFirst());
        }
    }

    private void take(String actor) {
        if (snapshots.size() > MAX_STEPS) {
            throw new IllegalStateException("scenario " + sim.scenario().name() + " did not settle in " + MAX_STEPS
                    + " steps");
        }
        Simulator.Step s = sim.step(state, actor);
        record(s.event(), s.next(), s.transition().changed());
    }

    private void record(Event event, SimState next, Set<String> changed) {
        state = next;
        int nth = event.kind() == EventKind.STEP
                ? occurrences.merge(event.actor() + "." + event.label(), 1, Integer::sum) : 0;
        Narration n = book.find(sim.policy(), event.actor(), event.label(), nth);
        if (n == null && sim.finished(next) && book.outro() != null) {
            n = book.outro();
        }
        snapshots.add(new Snapshot(snapshots.size(), next, event, changed, n, sim.violations(next)));
    }
}
