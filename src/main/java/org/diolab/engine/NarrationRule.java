package org.diolab.engine;

import org.diolab.engine.op.Policy;
import org.jspecify.annotations.Nullable;

/**
 * Narration for the steps of {@code actor} labelled {@code label}. Label {@code "*"} matches any step of the actor;
 * {@code occurrence} n ≥ 1 matches only the actor's n-th step with that label (0: every one); a set {@code policy}
 * restricts the rule to runs under a policy that includes it ({@code stable-writes} also matches
 * {@code no-stable-writes+stable-writes}'s parts, the more parts the more specific); {@code blocked} set to true matches only the moment the actor is found waiting
 * at that step, false only the step itself, {@code null} both.
 */
public record NarrationRule(
        String actor,
        String label,
        int occurrence,
        @Nullable Policy policy,
        @Nullable Boolean blocked,
        Narration narration) {
    public NarrationRule(String actor, String label, int occurrence, @Nullable Policy policy, Narration narration) {
        this(actor, label, occurrence, policy, null, narration);
    }

    boolean matches(Policy p, String a, String l, int nth, boolean wasBlocked) {
        return actor.equals(a)
                && (label.equals("*") || label.equals(l))
                && (policy == null || p.includes(policy))
                && (occurrence == 0 || occurrence == nth)
                && (blocked == null || blocked == wasBlocked);
    }

    /** Higher is more specific: a rule for more of the policy's parts wins, then an exact occurrence, then the rest. */
    int specificity() {
        return (policy != null ? 8 * policy.parts().size() : 0)
                + (occurrence != 0 ? 4 : 0)
                + (blocked != null ? 2 : 0)
                + (label.equals("*") ? 0 : 1);
    }
}
