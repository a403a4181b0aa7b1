package org.diolab.engine.explore;

import java.util.List;
import org.diolab.engine.SimState;
import org.diolab.engine.Simulator;

/**
 * The exhaustive scheduler: enumerates every interleaving of a scenario by breadth-first search over distinct states
 * (equal states are merged, which is what keeps "every interleaving" small enough to enumerate).
 *
 * <p>Breadth-first is what makes the reports useful for teaching: states are discovered in order of schedule length,
 * so the first state found breaking an invariant has the shortest schedule that breaks it, and the first deadlock
 * found is the quickest way into it. A learner replays 6 steps, not 40.
 *
 * <p>By default a simulator is explored with partial-order reduction and symmetry
 * ({@link Reduction#PERSISTENT_SETS_AND_SYMMETRY}): of the orders of steps that commute only one is followed, which
 * cuts the states by an order of magnitude per extra actor, and of states that differ only in which of
 * interchangeable threads is which only one is kept. It finds the same broken invariants and deadlocks; the schedules
 * are then made shortest again by {@link Shortest}.
 *
 * <pre>{@code
 * Simulator sim = new Simulator(lesson.scenario(), Policy.ZERO_COPY);
 * ExploreResult r = Explorer.explore(sim);
 * r.violation("mirrors-agree").map(c -> Replay.trace(sim, c.schedule(), lesson.narration()));  // a bad run to play
 * }</pre>
 */
public final class Explorer {
    /**
     * Beyond this many actors the search is not reduced: a persistent set's closure weighs every actor's future
     * against every other's in every state (2,000 legs made that minutes per state), while a search without reduction
     * only steps them, and the work budget ends it in bounded time.
     */
    public static final int MAX_REDUCED_ACTORS = 64;

    private Explorer() {}

    public static ExploreResult explore(Simulator sim) {
        return explore(sim, ExploreLimits.DEFAULT);
    }

    public static ExploreResult explore(Simulator sim, ExploreLimits limits) {
        return explore(sim, limits, Reduction.PERSISTENT_SETS_AND_SYMMETRY);
    }

    public static ExploreResult explore(Simulator sim, ExploreLimits limits, Reduction reduction) {
        SimulatorSpace space = new SimulatorSpace(sim);
        if (reduction == Reduction.NONE || space.actors().size() > MAX_REDUCED_ACTORS) {
            return explore(space, limits);
        }
        PersistentSets sets = new PersistentSets(sim);
        Symmetry symmetry = reduction == Reduction.PERSISTENT_SETS_AND_SYMMETRY ? Symmetry.of(sim) : Symmetry.NONE;
        Search<SimState> search =
                new Search<>(space, limits, new SimStateStore(space, symmetry), sets::ample, Integer.MAX_VALUE, null);
        Completion completion = search.run();
        PathCount paths = PathCounter.count(search.graph, true);
        if (paths.kind() == PathCount.Kind.UNBOUNDED) {
            // Persistent sets assume every run ends (no step returns to an earlier state); if a model change ever
            // breaks that, explore without reduction rather than risk missing a run.
            return explore(space, limits);
        }
        List<Counterexample> violations = List.copyOf(search.violations.values());
        List<DeadlockReport> deadlocks = List.copyOf(search.deadlocks.values());
        SymmetricFindings real = symmetry.trivial() ? null : new SymmetricFindings(sim, symmetry);
        if (real != null) {
            violations = real.violations(violations);
            deadlocks = real.deadlocks(deadlocks);
        }
        int proving = 0;
        if (!violations.isEmpty()) {
            Shortest.Outcome shortest = Shortest.of(sim, sets, violations, limits);
            violations = shortest.violations();
            proving = shortest.states();
            if (real != null) {
                violations = real.violations(violations); // the shortest schedule found may be any twin: the least
            }
        }
        return new ExploreResult(search.states(), paths, violations, deadlocks, completion, reduction, proving);
    }

    /** Explores without reduction: a generic state space says nothing about which of its steps commute. */
    public static <S> ExploreResult explore(StateSpace<S> space, ExploreLimits limits) {
        @SuppressWarnings("unchecked")
        StateStore<S> store =
                space instanceof SimulatorSpace sp ? (StateStore<S>) new SimStateStore(sp) : new HashStateStore<>();
        Search<S> search = new Search<>(space, limits, store, null, Integer.MAX_VALUE, null);
        Completion completion = search.run();
        PathCount paths = PathCounter.count(search.graph, completion != Completion.COMPLETE);
        return new ExploreResult(
                search.states(),
                paths,
                List.copyOf(search.violations.values()),
                List.copyOf(search.deadlocks.values()),
                completion);
    }
}
