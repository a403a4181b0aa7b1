package org.diolab.engine.explore;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.SequencedMap;
import java.util.Set;
import org.diolab.engine.ActorStatus;
import org.diolab.engine.invariant.Violation;

/**
 * One breadth-first search over distinct states: the whole space (optionally reduced), or, to find shortest
 * counterexamples, the space up to a depth looking for some invariants only. States are numbered in discovery order,
 * which is by schedule length, so the first state found breaking an invariant has a shortest schedule in the graph
 * searched.
 */
final class Search<S> {
    /** How many states between two looks at the cancel flag and the heap gauge: cheap, and well under 0.1 s. */
    private static final int POLL_EVERY = 512;
    /**
     * How much work between two looks, whichever comes first: a state of a big world (2,000 legs, thousands of pages)
     * costs hundreds of small ones, and 512 of them could fill the heap before the gauge is read.
     */
    private static final long POLL_WORK = 8_192;

    /** Picks, in a state, the ready actors to step. */
    interface AmpleSets<S> {
        boolean[] ample(S state, List<ActorStatus> status);
    }

    private final StateSpace<S> space;
    private final ExploreLimits limits;
    private final List<String> actors;
    private final StateStore<S> store;
    private final AmpleSets<S> ample;
    private final int maxDepth;
    private final Set<String> targets;
    final StateGraph graph = new StateGraph();
    final SequencedMap<String, Counterexample> violations = new LinkedHashMap<>();
    final SequencedMap<String, DeadlockReport> deadlocks = new LinkedHashMap<>();
    /** Work done so far (see {@link ExploreLimits#maxWork}), and when to look at the gauges next. */
    private long work;

    private long nextPoll = POLL_WORK;
    private Completion stopped;

    /**
     * @param ample    {@code null} to step every ready actor
     * @param maxDepth no state deeper than this is expanded
     * @param targets  the invariants to look for ({@code null}: all, and deadlocks); the search stops once each has
     *                 been found
     */
    Search(
            StateSpace<S> space,
            ExploreLimits limits,
            StateStore<S> store,
            AmpleSets<S> ample,
            int maxDepth,
            Set<String> targets) {
        this.space = space;
        this.limits = limits;
        this.actors = List.copyOf(space.actors());
        this.store = store;
        this.ample = ample;
        this.maxDepth = maxDepth;
        this.targets = targets;
    }

    int states() {
        return store.size();
    }

    /** The work spent, in the units of {@link ExploreLimits#maxWork}. */
    long work() {
        return work;
    }

    Completion run() {
        S start = space.initial();
        store.addIfAbsent(start);
        discover(start, -1, -1);
        for (int next = 0; next < store.size(); next++) {
            if (targets != null && violations.keySet().containsAll(targets) || graph.depth(next) >= maxDepth) {
                return Completion.COMPLETE;
            }
            if (store.size() >= limits.maxStates() || work >= limits.maxWork()) {
                return Completion.STATE_BUDGET;
            }
            if (next % POLL_EVERY == 0 && poll()) {
                return stopped;
            }
            expand(next);
            if (stopped != null) {
                return stopped;
            }
        }
        return Completion.COMPLETE;
    }

    /** Looks at the cancel flag and the heap gauge; true (and {@link #stopped} set) if the search must stop. */
    private boolean poll() {
        nextPoll = work + POLL_WORK;
        if (limits.cancelled().getAsBoolean()) {
            stopped = Completion.CANCELLED;
        } else if (limits.memoryLow().test(store.size())) {
            stopped = Completion.MEMORY_BUDGET;
        }
        return stopped != null;
    }

    /** Steps the chosen ready actors of state {@code id}, in actor order; a state where none can run but some wait is stuck. */
    private void expand(int id) {
        S s = store.get(id);
        graph.beginEdges(id);
        work += actors.size();
        List<ActorStatus> status = new ArrayList<>(actors.size());
        boolean anyReady = false;
        boolean anyBlocked = false;
        for (String a : actors) {
            ActorStatus st = space.status(s, a);
            status.add(st);
            anyReady |= st instanceof ActorStatus.Ready;
            anyBlocked |= st instanceof ActorStatus.Blocked;
        }
        if (!anyReady) {
            if (anyBlocked && targets == null) {
                deadlock(id, s);
            }
            return;
        }
        boolean[] chosen = null;
        if (ample != null) {
            chosen = ample.ample(s, status);
            work += (long) actors.size() * actors.size() / 8; // the sets' closures, at worst
        }
        for (int a = 0; a < actors.size(); a++) {
            if (status.get(a) instanceof ActorStatus.Ready ready && (chosen == null || chosen[a])) {
                S next = space.step(s, actors.get(a), ready);
                work += space.weight(next);
                int known = store.addIfAbsent(next);
                graph.edge(id, known >= 0 ? known : discover(next, id, a));
                if (work >= nextPoll && poll()) {
                    return; // mid-state: a state of a big world has many big successors
                }
            }
        }
    }

    /**
     * A state seen for the first time (already in the store under the next number): the path that reached it is a
     * shortest one in the graph searched, so its violations are reported with that path.
     */
    private int discover(S s, int from, int actor) {
        int id = graph.add(from, actor);
        for (Violation v : space.violations(s, this::wanted)) {
            if (!violations.containsKey(v.invariant())) {
                violations.put(v.invariant(), new Counterexample(v.invariant(), schedule(id), v.detail()));
            }
        }
        return id;
    }

    /** An invariant not found yet, among those looked for: once found, its first schedule is a shortest one. */
    private boolean wanted(String invariant) {
        return !violations.containsKey(invariant) && (targets == null || targets.contains(invariant));
    }

    private void deadlock(int id, S s) {
        WaitForGraph waits = WaitForGraph.of(space, s);
        List<String> cycle = waits.cycle();
        String key = key(waits, cycle);
        if (deadlocks.containsKey(key)) {
            return;
        }
        List<String> schedule = schedule(id);
        String detail = waits.describe();
        deadlocks.put(key, new DeadlockReport(schedule, cycle, detail));
        violations.putIfAbsent("no-deadlock", new Counterexample("no-deadlock", schedule, detail));
    }

    /** One report per cycle; without a cycle, the set of blocked actors tells two stuck states apart. */
    static String key(WaitForGraph waits, List<String> cycle) {
        return cycle.isEmpty() ? "stuck " + waits.waiting().keySet() : "cycle " + cycle;
    }

    private List<String> schedule(int id) {
        List<String> out = new ArrayList<>();
        store.schedule(graph, id).forEach(a -> out.add(actors.get(a)));
        return out;
    }
}
