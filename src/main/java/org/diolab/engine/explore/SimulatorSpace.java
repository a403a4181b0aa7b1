package org.diolab.engine.explore;

import java.util.List;
import java.util.function.Predicate;
import org.diolab.engine.ActorStatus;
import org.diolab.engine.SimState;
import org.diolab.engine.Simulator;
import org.diolab.engine.invariant.Violation;
import org.diolab.engine.model.World;

/** The simulator seen as a state space; the actor list is computed once since the explorer asks for it per state. */
public record SimulatorSpace(Simulator sim, List<String> actors) implements StateSpace<SimState> {
    public SimulatorSpace {
        actors = List.copyOf(actors);
    }

    public SimulatorSpace(Simulator sim) {
        this(sim, sim.actors());
    }

    /** The actors that run programs (and so have program counters), in actor order. */
    List<String> threads() {
        return actors.stream().filter(a -> !sim.isDevice(a)).toList();
    }

    @Override
    public SimState initial() {
        return sim.initial();
    }

    @Override
    public ActorStatus status(SimState state, String actor) {
        return sim.status(state, actor);
    }

    @Override
    public SimState step(SimState state, String actor) {
        return sim.step(state, actor).next();
    }

    @Override
    public SimState step(SimState state, String actor, ActorStatus.Ready ready) {
        return sim.successor(state, actor, ready);
    }

    /** One, plus one per 16 objects its world holds (each step copies a part of them, and the store keeps them). */
    @Override
    public long weight(SimState state) {
        World w = state.world();
        return 1
                + (w.pages().size()
                                + w.bios().size()
                                + w.devices().size()
                                + w.history().size()
                                + w.marks().size()
                                + w.work().size()
                                + w.incidents().size()
                                + w.results().size())
                        / 16;
    }

    @Override
    public List<Violation> violations(SimState state) {
        return sim.violations(state);
    }

    @Override
    public List<Violation> violations(SimState state, Predicate<String> wanted) {
        return sim.violations(state, wanted);
    }
}
