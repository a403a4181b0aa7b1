package org.diolab.lesson;

import java.util.List;
import org.diolab.engine.op.Policy;
import org.jspecify.annotations.Nullable;

/**
 * A policy a lesson lets the learner toggle, and the part it plays there.
 *
 * @param role       shows the bug, is the remedy, or is the baseline
 * @param stableLegs when not {@code null}, the legs that set STABLE_WRITES under this choice (replacing the setup's):
 *                   how a lesson shows a device stack change — a member with protection information — beside the
 *                   kernel behaviour it triggers
 * @param kernel     the kernels that behave as this choice does, or {@code null}: e.g. a zero-copy direct write of a
 *                   checksummed btrfs file is btrfs before 6.15
 */
public record PolicyChoice(
        Policy policy,
        PolicyRole role,
        String note,
        @Nullable List<String> stableLegs,
        @Nullable KernelRange kernel) {
    public PolicyChoice {
        stableLegs = stableLegs == null ? null : List.copyOf(stableLegs);
    }

    public PolicyChoice(Policy policy, PolicyRole role, String note, @Nullable List<String> stableLegs) {
        this(policy, role, note, stableLegs, null);
    }

    public PolicyChoice(Policy policy, PolicyRole role, String note) {
        this(policy, role, note, null, null);
    }
}
