package org.diolab.app.lesson;

import java.util.List;

/** An invariant as the screen lists it at a step: holds, or violated with each detail. */
public record InvariantStatus(String id, String explanation, List<String> details) {
    public InvariantStatus {
        details = List.copyOf(details);
    }

    public boolean violated() {
        return !details.isEmpty();
    }
}
