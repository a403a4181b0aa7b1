package org.diolab.engine.explore;

import java.util.List;
import org.diolab.engine.ActorStatus;
import org.diolab.engine.SimState;
import org.diolab.engine.Simulator;

/** Why an actor cannot step now, in words a learner who picked it should read. */
final class Refusals {
    private Refusals() {}

    static String why(Simulator sim, SimState state, String actor) {
        String problem = !sim.actors().contains(actor)
                ? "there is no actor '" + actor + "'; actors: " + String.join(", ", sim.actors())
                : switch (sim.status(state, actor)) {
                    case ActorStatus.Ready r -> actor + " can step (" + r.label() + ")";
                    case ActorStatus.Blocked b ->
                        actor + " is blocked at " + b.label() + ": it " + b.reason()
                                + (b.waitsFor().isEmpty()
                                        ? ""
                                        : " (waiting for " + String.join(", ", b.waitsFor()) + ")");
                    case ActorStatus.Idle i ->
                        sim.isDevice(actor) ? actor + " has nothing queued" : actor + " has finished its program";
                };
        return problem + "; " + whoCan(sim, state);
    }

    private static String whoCan(Simulator sim, SimState state) {
        List<String> ready = sim.ready(state);
        if (!ready.isEmpty()) {
            return "ready now: " + String.join(", ", ready);
        }
        return sim.finished(state) ? "the run is finished" : "no actor can run (deadlock)";
    }
}
