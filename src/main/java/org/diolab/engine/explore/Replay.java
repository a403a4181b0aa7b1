package org.diolab.engine.explore;

import java.util.List;
import org.diolab.engine.ActorStatus;
import org.diolab.engine.EventKind;
import org.diolab.engine.NarrationBook;
import org.diolab.engine.Simulator;
import org.diolab.engine.Snapshot;
import org.diolab.engine.Trace;
import org.diolab.engine.TraceBuilder;

/** Schedules and traces, both ways: replay a schedule (an explorer's counterexample) as a trace, or read one off. */
public final class Replay {
    private Replay() {}

    /**
     * Steps the actors of {@code schedule} in order from the initial state and stops there, so the last snapshot is
     * the one the schedule was chosen to reach. If the run is then stuck, a deadlock snapshot ends it, as in every
     * other run. The app can continue from the end with {@link SchedulerSession#replay}.
     *
     * @throws IllegalArgumentException if an actor of the schedule cannot step when its turn comes
     */
    public static Trace trace(Simulator sim, List<String> schedule, NarrationBook book) {
        TraceBuilder run = new TraceBuilder(sim, book);
        for (int i = 0; i < schedule.size(); i++) {
            String actor = schedule.get(i);
            if (!sim.actors().contains(actor) || !(sim.status(run.state(), actor) instanceof ActorStatus.Ready)) {
                throw new IllegalArgumentException(
                        "step " + (i + 1) + " of the schedule: " + Refusals.why(sim, run.state(), actor));
            }
            run.step(actor);
        }
        if (run.stuck()) {
            run.deadlock();
        }
        return run.build();
    }

    public static Trace trace(Simulator sim, List<String> schedule) {
        return trace(sim, schedule, NarrationBook.empty());
    }

    /**
     * The steps of {@code schedule} as lessons name them, {@code actor.label} ({@code app.submit}, {@code leg0.dma}),
     * found by replaying it: an explorer's schedule names only the actors.
     *
     * @throws IllegalArgumentException if an actor of the schedule cannot step when its turn comes
     */
    public static List<String> steps(Simulator sim, List<String> schedule) {
        if (schedule.isEmpty()) {
            return List.of();
        }
        return steps(trace(sim, schedule));
    }

    /** The steps taken in {@code trace}, as {@code actor.label}, in order. */
    public static List<String> steps(Trace trace) {
        return trace.snapshots().stream()
                .map(Snapshot::event)
                .filter(e -> e.kind() == EventKind.STEP)
                .map(e -> e.actor() + "." + e.label())
                .toList();
    }

    /**
     * {@code schedule} spelled for people, as the CLI and the app show it: {@code "app.submit → leg0.dma → app2.store
     * → leg1.dma"}; {@code "(the initial state)"} when it is empty.
     */
    public static String spelled(Simulator sim, List<String> schedule) {
        return schedule.isEmpty() ? "(the initial state)" : String.join(" → ", steps(sim, schedule));
    }

    /** The actors that stepped in {@code trace}, in order: replaying it gives the same states. */
    public static List<String> schedule(Trace trace) {
        return trace.snapshots().stream()
                .map(Snapshot::event)
                .filter(e -> e.kind() == EventKind.STEP)
                .map(e -> e.actor())
                .toList();
    }
}
