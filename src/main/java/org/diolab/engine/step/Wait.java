package org.diolab.engine.step;

import java.util.List;

/**
 * Why a step cannot run yet, and which actors it waits for (a device serving a clone, the holder of a lock). The
 * actors let the explorer build a wait-for graph and name the cycle of a deadlock.
 */
public record Wait(String reason, List<String> waitsFor) {
    public Wait {
        waitsFor = List.copyOf(waitsFor);
    }
}
