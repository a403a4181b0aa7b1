package org.diolab.lesson;

import java.util.List;

/**
 * A {@code dio-lab kernel-lab} scenario that asks the running kernel the lesson's question (as root, on loop devices
 * it creates), and what to look for in its verdict.
 */
public record KernelLabRef(String scenario, String note) {
    /** The kernel lab's scenarios. */
    public static final List<String> SCENARIOS = List.of(
            "false-csum-read",
            "raid1-divergence",
            "datasum-write",
            "fallback-cost",
            "nowait-read",
            "stable-writes",
            "buffered-divergence",
            "ext4-convoy");
}
