package org.diolab.engine.explore;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.diolab.engine.ActorStatus;
import org.diolab.engine.EventKind;
import org.diolab.engine.NarrationBook;
import org.diolab.engine.SimState;
import org.diolab.engine.Simulator;
import org.diolab.engine.Snapshot;
import org.diolab.engine.SnapshotFactory;
import org.diolab.engine.Trace;
import org.jspecify.annotations.Nullable;

/**
 * "You are the scheduler", as in Deadlock Empire: the learner sees every actor's status and picks who steps next.
 *
 * <p>Immutable. Each step returns a new session that points back at the one it came from, so undo is just going back
 * to that one (no step is ever re-run) and a view can keep any version around.
 *
 * <pre>{@code
 * SchedulerSession s = SchedulerSession.start(sim, lesson.narration());
 * switch (s.step("leg1")) {
 *     case StepOutcome.Stepped ok -> s = ok.session();
 *     case StepOutcome.Refused no -> show(no.reason());   // "leg1 has nothing queued; ready now: app, app2, ..."
 * }
 * s = s.undo();
 * }</pre>
 */
public final class SchedulerSession {
    private final SnapshotFactory snapshots;
    private final @Nullable SchedulerSession previous;
    private final Snapshot current;
    /** How often each actor.label has stepped so far: narration can differ for leg0's first and second DMA. */
    private final Map<String, Integer> occurrences;

    private SchedulerSession(
            SnapshotFactory snapshots,
            @Nullable SchedulerSession previous,
            Snapshot current,
            Map<String, Integer> occurrences) {
        this.snapshots = snapshots;
        this.previous = previous;
        this.current = current;
        this.occurrences = Map.copyOf(occurrences);
    }

    public static SchedulerSession start(Simulator sim, NarrationBook book) {
        SnapshotFactory f = new SnapshotFactory(sim, book);
        return new SchedulerSession(f, null, f.start(), Map.of());
    }

    public static SchedulerSession start(Simulator sim) {
        return start(sim, NarrationBook.empty());
    }

    /**
     * A session positioned after {@code schedule} (say, an explorer's counterexample), from where the learner can
     * undo step by step or carry on.
     *
     * @throws IllegalArgumentException if an actor of the schedule cannot step when its turn comes
     */
    public static SchedulerSession replay(Simulator sim, NarrationBook book, List<String> schedule) {
        SchedulerSession s = start(sim, book);
        for (int i = 0; i < schedule.size(); i++) {
            switch (s.step(schedule.get(i))) {
                case StepOutcome.Stepped ok -> s = ok.session();
                case StepOutcome.Refused no ->
                    throw new IllegalArgumentException("step " + (i + 1) + " of the schedule: " + no.reason());
            }
        }
        return s;
    }

    public Simulator simulator() {
        return snapshots.sim();
    }

    public SimState state() {
        return current.state();
    }

    /** The snapshot the learner is looking at: the start, or the step just taken. */
    public Snapshot current() {
        return current;
    }

    /** Every actor, threads then devices, with its status now. */
    public List<ActorView> actors() {
        Simulator sim = simulator();
        return sim.actors().stream()
                .map(a -> new ActorView(a, sim.isDevice(a), sim.status(state(), a)))
                .toList();
    }

    public List<String> ready() {
        return simulator().ready(state());
    }

    public boolean finished() {
        return simulator().finished(state());
    }

    /** Some actor has work left but none can run: the learner scheduled the system into a deadlock. */
    public boolean deadlocked() {
        return snapshots.stuck(state());
    }

    /** Steps {@code actor} if it is ready; otherwise says why not and leaves this session as it is. */
    public StepOutcome step(String actor) {
        Simulator sim = simulator();
        if (!sim.actors().contains(actor) || !(sim.status(state(), actor) instanceof ActorStatus.Ready)) {
            return new StepOutcome.Refused(actor, Refusals.why(sim, state(), actor));
        }
        Simulator.Step step = sim.step(state(), actor);
        Map<String, Integer> counts = new HashMap<>(occurrences);
        int nth = counts.merge(step.event().actor() + "." + step.event().label(), 1, Integer::sum);
        Snapshot next = snapshots.stepped(current.index() + 1, step, nth);
        return new StepOutcome.Stepped(new SchedulerSession(snapshots, this, next, counts), next);
    }

    public boolean canUndo() {
        return previous != null;
    }

    /** The session as it was before the last step. */
    public SchedulerSession undo() {
        if (previous == null) {
            throw new IllegalStateException("nothing to undo: this is the start of the run");
        }
        return previous;
    }

    /** The actors stepped so far, in order: replaying them reproduces this session. */
    public List<String> schedule() {
        List<String> out = new ArrayList<>();
        for (Snapshot s : history()) {
            if (s.event().kind() == EventKind.STEP) {
                out.add(s.event().actor());
            }
        }
        return out;
    }

    /** The run so far; if it is deadlocked, it ends with the deadlock snapshot naming who waits for what. */
    public Trace trace() {
        List<Snapshot> all = new ArrayList<>(history());
        if (deadlocked()) {
            all.add(snapshots.deadlock(all.size(), state()));
        }
        return new Trace(simulator().scenario().name(), simulator().policy(), all);
    }

    private Deque<Snapshot> history() {
        Deque<Snapshot> out = new ArrayDeque<>();
        for (SchedulerSession s = this; s != null; s = s.previous) {
            out.addFirst(s.current);
        }
        return out;
    }
}
