package org.diolab.engine.explore;

import java.util.List;
import java.util.SplittableRandom;
import org.diolab.engine.NarrationBook;
import org.diolab.engine.Simulator;
import org.diolab.engine.Trace;
import org.diolab.engine.TraceBuilder;

/**
 * Runs a scenario to its end picking uniformly among the ready actors at each step. The seed is the only source of
 * randomness, so a seed names a run: the same seed gives the same trace on every machine, and a learner can share
 * "seed 17 breaks it".
 */
public final class RandomScheduler {
    private RandomScheduler() {}

    public static Trace run(Simulator sim, long seed) {
        return run(sim, seed, NarrationBook.empty());
    }

    /** A run to the end (every actor idle) or to a deadlock, which then ends the trace as in a scripted run. */
    public static Trace run(Simulator sim, long seed, NarrationBook book) {
        SplittableRandom random = new SplittableRandom(seed);
        TraceBuilder run = new TraceBuilder(sim, book);
        while (!sim.finished(run.state())) {
            List<String> ready = sim.ready(run.state());
            if (ready.isEmpty()) {
                run.deadlock();
                break;
            }
            run.step(ready.get(random.nextInt(ready.size())));
        }
        return run.build();
    }
}
