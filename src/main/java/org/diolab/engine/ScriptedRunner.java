package org.diolab.engine;

import java.util.List;

/**
 * Runs a scenario in the order a lesson scripts, then lets the remaining actors finish in declared order. An actor the
 * script finds waiting is recorded as a BLOCKED event (the learner sees why) and the script moves on.
 */
public final class ScriptedRunner {
    private final Simulator sim;
    private final TraceBuilder run;

    private ScriptedRunner(Simulator sim, NarrationBook book) {
        this.sim = sim;
        this.run = new TraceBuilder(sim, book);
    }

    public static Trace run(Simulator sim, List<ScheduleEntry> script, NarrationBook book) {
        ScriptedRunner r = new ScriptedRunner(sim, book);
        for (ScheduleEntry e : script) {
            r.runEntry(e);
        }
        r.finish();
        return r.run.build();
    }

    private void runEntry(ScheduleEntry e) {
        if (!sim.actors().contains(e.actor())) {
            return; // an actor this policy does not have, e.g. the checksum kworker under synchronous checksums
        }
        while (true) {
            ActorStatus st = sim.status(run.state(), e.actor());
            switch (st) {
                case ActorStatus.Idle idle -> {
                    return;
                }
                case ActorStatus.Blocked b -> {
                    run.blocked(e.actor(), b);
                    return;
                }
                case ActorStatus.Ready ready -> {
                    run.step(e.actor());
                    if (e.until() == null || e.until().equals(ready.label())) {
                        return;
                    }
                }
            }
        }
    }

    private void finish() {
        while (!sim.finished(run.state())) {
            List<String> ready = sim.ready(run.state());
            if (ready.isEmpty()) {
                run.deadlock();
                return;
            }
            run.step(ready.getFirst());
        }
    }
}
