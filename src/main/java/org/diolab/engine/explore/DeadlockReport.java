package org.diolab.engine.explore;

import java.util.List;

/**
 * A state where some actor still has work but none can run, reached by the shortest {@code schedule}. One report
 * per distinct wait-for {@code cycle}; {@code cycle} is empty when the waits end at an actor that is not waiting.
 */
public record DeadlockReport(List<String> schedule, List<String> cycle, String detail) {
    public DeadlockReport {
        schedule = List.copyOf(schedule);
        cycle = List.copyOf(cycle);
    }
}
