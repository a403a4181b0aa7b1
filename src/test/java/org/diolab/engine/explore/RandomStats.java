package org.diolab.engine.explore;

import java.util.Map;
import java.util.TreeMap;
import org.diolab.engine.Simulator;

/** Development aid: what the random scenarios cover. */
public final class RandomStats {
    public static void main(String[] args) {
        Map<String, Integer> violated = new TreeMap<>();
        int complete = 0;
        long full = 0;
        long red = 0;
        int deadlocks = 0;
        int errors = 0;
        for (long seed = 0; seed < 300; seed++) {
            try {
                Simulator sim = new Simulator(RandomScenarios.of(seed), RandomScenarios.policy(seed));
                ExploreResult f = Explorer.explore(sim, ExploreLimits.maxStates(60_000), Reduction.NONE);
                if (!f.complete()) {
                    continue;
                }
                complete++;
                ExploreResult r = Explorer.explore(sim, ExploreLimits.maxStates(60_000));
                full += f.states();
                red += r.states();
                f.violated().forEach(v -> violated.merge(v, 1, Integer::sum));
                deadlocks += f.deadlocks().isEmpty() ? 0 : 1;
            } catch (RuntimeException e) {
                errors++;
                System.out.println(seed + ": " + e);
            }
        }
        System.out.println("complete " + complete + " errors " + errors + " states full " + full + " reduced " + red
                + " with deadlock " + deadlocks + " violated " + violated);
    }
}
