package org.diolab.engine;

import java.util.SortedMap;
import org.diolab.engine.model.Sorted;
import org.diolab.engine.model.World;

/**
 * The whole simulation state: the world plus each thread's program counter. Two equal SimStates behave identically,
 * which is what lets the explorer hash states.
 */
public record SimState(World world, SortedMap<String, Integer> pcs) {
    public SimState {
        pcs = Sorted.copyOf(pcs);
    }

    public int pc(String thread) {
        return pcs.getOrDefault(thread, 0);
    }

    SimState withPc(String thread, int pc, World next) {
        return new SimState(next, Sorted.with(pcs, thread, pc));
    }
}
