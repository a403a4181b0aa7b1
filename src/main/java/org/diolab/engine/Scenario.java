package org.diolab.engine;

import java.util.List;
import org.diolab.engine.model.World;

/**
 * A scenario: the starting world and the threads acting on it. The devices of the world are actors too: each serves
 * its queue one DMA at a time. The policy is chosen when the scenario is run, so one scenario shows broken and fixed.
 */
public record Scenario(String name, World initial, List<ActorSpec> threads) {
    public Scenario {
        threads = List.copyOf(threads);
    }
}
