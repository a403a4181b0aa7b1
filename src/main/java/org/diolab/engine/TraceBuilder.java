package org.diolab.engine;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Records a run one step at a time and yields its {@link Trace}. Every scheduler that runs a simulator to an end
 * (scripted, random, replay of a schedule) builds its trace here, so they all narrate and end a deadlock alike.
 * Mutable and single-use; the interactive session, which must undo, keeps its own immutable history instead.
 */
public final class TraceBuilder {
    /** Hard stop against a scenario that never settles; real lessons take a few dozen steps. */
    public static final int MAX_STEPS = 10_000;
    /**
     * How much world a trace may keep: the sum over its snapshots of the objects each one's world holds (pages, bios,
     * devices, blocks' histories, marks, logs). A trace keeps every instant, and an instant of a world of 2,000 legs
     * or 10,000 pages is large: 4 million entries are some 100 MiB, and far more than any lesson (a few thousand).
     */
    public static final long MAX_WORLD_ENTRIES = 4_000_000;

    private final Simulator sim;
    private final SnapshotFactory snapshots;
    private final List<Snapshot> taken = new ArrayList<>();
    private final Map<String, Integer> occurrences = new HashMap<>();
    private long worldEntries;

    public TraceBuilder(Simulator sim, NarrationBook book) {
        this.sim = sim;
        this.snapshots = new SnapshotFactory(sim, book);
        taken.add(snapshots.start());
    }

    /** The state after the last recorded snapshot. */
    public SimState state() {
        return taken.getLast().state();
    }

    /** Takes the next step of {@code actor}, which must be ready, and records it. */
    public Simulator.Step step(String actor) {
        if (taken.size() > MAX_STEPS) {
            throw new IllegalStateException(
                    "scenario " + sim.scenario().name() + " did not settle in " + MAX_STEPS + " steps");
        }
        Simulator.Step s = sim.step(state(), actor);
        worldEntries += entries(s.next().world());
        if (worldEntries > MAX_WORLD_ENTRIES) {
            throw new TooLarge(String.format(
                    "the run of %s under %s is too large to record: after %,d steps its instants hold %,d objects "
                            + "(at most %,d); make the scenario smaller (fewer legs, pages or steps)",
                    sim.scenario().name(), sim.policy().id(), taken.size(), worldEntries, MAX_WORLD_ENTRIES));
        }
        int nth = occurrences.merge(s.event().actor() + "." + s.event().label(), 1, Integer::sum);
        taken.add(snapshots.stepped(taken.size(), s, nth));
        return s;
    }

    /** The objects a world holds, roughly: what keeping one more instant of it costs. */
    static long entries(org.diolab.engine.model.World w) {
        return 1L
                + w.pages().size()
                + w.bios().size()
                + w.devices().size()
                + w.history().size()
                + w.marks().size()
                + w.work().size()
                + w.incidents().size()
                + w.results().size();
    }

    /** How many steps labelled {@code label} {@code actor} has taken so far. */
    public int count(String actor, String label) {
        return occurrences.getOrDefault(actor + "." + label, 0);
    }

    /** Records that {@code actor} was asked to step but must wait. */
    public void blocked(String actor, ActorStatus.Blocked b) {
        taken.add(snapshots.blocked(taken.size(), state(), actor, b));
    }

    /** True when no actor can run although the run is not finished. */
    public boolean stuck() {
        return snapshots.stuck(state());
    }

    /** Ends a {@link #stuck} run with its deadlock snapshot. */
    public void deadlock() {
        taken.add(snapshots.deadlock(taken.size(), state()));
    }

    public Trace build() {
        return new Trace(sim.scenario().name(), sim.policy(), taken);
    }
}
