package org.diolab.engine;

import java.util.ArrayList;
import java.util.List;

/**
 * Runs a scenario in the order a lesson scripts, then lets the remaining actors finish in declared order. An actor the
 * script finds waiting is recorded as a BLOCKED event (the learner sees why) and the script moves on.
 */
public final class ScriptedRunner {
    private final Simulator sim;
    private final TraceBuilder run;
    private final List<Integer> idle = new ArrayList<>();

    private ScriptedRunner(Simulator sim, NarrationBook book) {
        this.sim = sim;
        this.run = new TraceBuilder(sim, book);
    }

    /**
     * A scripted run and the script lines that did nothing: a device or the checksum kworker with nothing queued when
     * its line came (a script bug: the line is silently meaningless).
     */
    public record Run(Trace trace, List<Integer> idleEntries) {
        public Run {
            idleEntries = List.copyOf(idleEntries);
        }
    }

    public static Trace run(Simulator sim, List<ScheduleEntry> script, NarrationBook book) {
        return runChecked(sim, script, book).trace();
    }

    public static Run runChecked(Simulator sim, List<ScheduleEntry> script, NarrationBook book) {
        ScriptedRunner r = new ScriptedRunner(sim, book);
        for (int i = 0; i < script.size(); i++) {
            r.runEntry(i, script.get(i));
        }
        r.finish();
        return new Run(r.run.build(), r.idle);
    }

    private void runEntry(int index, ScheduleEntry e) {
        if (!sim.actors().contains(e.actor()) || !e.appliesTo(sim.policy())) {
            return; // an actor this policy does not have (the kworker under synchronous checksums), or another policy's
            // line
        }
        boolean first = true;
        while (true) {
            ActorStatus st = sim.status(run.state(), e.actor());
            switch (st) {
                case ActorStatus.Idle idle -> {
                    if (first && sim.isDevice(e.actor())) {
                        this.idle.add(index);
                    }
                    return;
                }
                case ActorStatus.Blocked b -> {
                    run.blocked(e.actor(), b);
                    return;
                }
                case ActorStatus.Ready ready -> {
                    run.step(e.actor());
                    first = false;
                    if (e.until() == null
                            || e.until().equals(ready.label())
                                    && (e.occurrence() == 0 || run.count(e.actor(), e.until()) >= e.occurrence())) {
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
