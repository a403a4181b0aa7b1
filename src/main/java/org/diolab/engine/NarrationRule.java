package org.diolab.engine;

import org.diolab.engine.op.Policy;

/**
 * Narration for the steps of {@code actor} labelled {@code label}. Label {@code "*"} matches any step of the actor;
 * {@code occurrence} n ≥ 1 matches only the actor's n-th step with that label (0: every one); a set {@code policy}
 * restricts the rule to that policy.
 */
public record NarrationRule(String actor, String label, int occurrence, Policy policy, Narration narration) {
    boolean matches(Policy p, String a, String l, int nth) {
        return actor.equals(a) && (label.equals("*") || label.equals(l)) && (policy == null || policy == p)
                && (occurrence == 0 || occurrence == nth);
    }

    /** Higher is more specific: a rule for this policy and this exact occurrence wins over a general one. */
    int specificity() {
        return (policy != null ? 4 : 0) + (occurrence != 0 ? 2 : 0) + (label.equals("*") ? 0 : 1);
    }
}
