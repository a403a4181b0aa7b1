package org.diolab.engine.explore;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SequencedMap;
import org.diolab.engine.ActorStatus;
import org.diolab.engine.Simulator;
import org.diolab.engine.invariant.Violation;

/**
 * The exhaustive scheduler: enumerates every interleaving of a scenario by breadth-first search over distinct states
 * (equal states are merged, which is what keeps "every interleaving" small enough to enumerate).
 *
 * <p>Breadth-first is what makes the reports useful for teaching: states are discovered in order of schedule length,
 * so the first state found breaking an invariant has the shortest schedule that breaks it, and the first deadlock
 * found is the quickest way into it. A learner replays 6 steps, not 40.
 *
 * <pre>{@code
 * Simulator sim = new Simulator(lesson.scenario(), Policy.ZERO_COPY);
 * ExploreResult r = Explorer.explore(sim);
 * r.violation("mirrors-agree").map(c -> Replay.trace(sim, c.schedule(), lesson.narration()));  // a bad run to play
 * }</pre>
 */
public final class Explorer<S> {
    /** How many states between two looks at the cancel flag: cheap, and still well under a tenth of a second. */
    private static final int CANCEL_CHECK_EVERY = 512;

    private final StateSpace<S> space;
    private final ExploreLimits limits;
    private final List<String> actors;
    private final Map<S, Integer> ids = new HashMap<>();
    private final List<S> states = new ArrayList<>();
    private final StateGraph graph = new StateGraph();
    private final SequencedMap<String, Counterexample> violations = new LinkedHashMap<>();
    private final SequencedMap<String, DeadlockReport> deadlocks = new LinkedHashMap<>();

    private Explorer(StateSpace<S> space, ExploreLimits limits) {
        this.space = space;
        this.limits = limits;
        this.actors = List.copyOf(space.actors());
    }

    public static ExploreResult explore(Simulator sim) {
        return explore(sim, ExploreLimits.DEFAULT);
    }

    public static ExploreResult explore(Simulator sim, ExploreLimits limits) {
        return explore(new SimulatorSpace(sim), limits);
    }

    public static <S> ExploreResult explore(StateSpace<S> space, ExploreLimits limits) {
        return new Explorer<>(space, limits).run();
    }

    private ExploreResult run() {
        S start = space.initial();
        ids.put(start, 0);
        discover(start, -1, -1);
        Completion completion = Completion.COMPLETE;
        for (int next = 0; next < states.size(); next++) {
            if (states.size() >= limits.maxStates()) {
                completion = Completion.STATE_BUDGET;
                break;
            }
            if (next % CANCEL_CHECK_EVERY == 0 && limits.cancelled().getAsBoolean()) {
                completion = Completion.CANCELLED;
                break;
            }
            expand(next);
        }
        PathCount paths = PathCounter.count(graph, completion != Completion.COMPLETE);
        return new ExploreResult(states.size(), paths, List.copyOf(violations.values()),
                List.copyOf(deadlocks.values()), completion);
    }

    /** Steps every ready actor of state {@code id}, in actor order; a state where none can run but some wait is stuck. */
    private void expand(int id) {
        S s = states.get(id);
        graph.beginEdges(id);
        boolean anyReady = false;
        boolean anyBlocked = false;
        for (int a = 0; a < actors.size(); a++) {
            switch (space.status(s, actors.get(a))) {
                case ActorStatus.Ready r -> {
                    anyReady = true;
                    S next = space.step(s, actors.get(a));
                    // One hash lookup per successor: the common case on a merged graph is a state seen before.
                    Integer known = ids.putIfAbsent(next, states.size());
                    graph.edge(id, known != null ? known : discover(next, id, a));
                }
                case ActorStatus.Blocked b -> anyBlocked = true;
                case ActorStatus.Idle i -> {
                }
            }
        }
        if (!anyReady && anyBlocked) {
            deadlock(id, s);
        }
    }

    /**
     * A state seen for the first time (already in {@code ids} under the next number): the path that reached it is a
     * shortest one, so its violations are reported with that path.
     */
    private int discover(S s, int from, int actor) {
        int id = graph.add(from, actor);
        states.add(s);
        for (Violation v : space.violations(s)) {
            if (!violations.containsKey(v.invariant())) {
                violations.put(v.invariant(), new Counterexample(v.invariant(), schedule(id), v.detail()));
            }
        }
        return id;
    }

    private void deadlock(int id, S s) {
        WaitForGraph waits = WaitForGraph.of(space, s);
        List<String> cycle = waits.cycle();
        // One report per cycle; without a cycle, the set of blocked actors tells two stuck states apart.
        String key = cycle.isEmpty() ? "stuck " + waits.waiting().keySet() : "cycle " + cycle;
        if (deadlocks.containsKey(key)) {
            return;
        }
        List<String> schedule = schedule(id);
        String detail = waits.describe();
        deadlocks.put(key, new DeadlockReport(schedule, cycle, detail));
        violations.putIfAbsent("no-deadlock", new Counterexample("no-deadlock", schedule, detail));
    }

    private List<String> schedule(int id) {
        return graph.schedule(id).stream().map(actors::get).toList();
    }
}
