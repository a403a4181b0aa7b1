package org.diolab.lesson;

import org.diolab.engine.op.Policy;

/**
 * A policy a lesson lets the learner toggle, and the part it plays there.
 *
 * @param role {@code broken} (shows the bug), {@code fixed} (the remedy) or {@code baseline}
 */
public record PolicyChoice(Policy policy, String role, String note) {
    public static final java.util.List<String> ROLES = java.util.List.of("broken", "fixed", "baseline");
}
