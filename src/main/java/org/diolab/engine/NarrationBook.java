package org.diolab.engine;

import java.util.Comparator;
import java.util.List;
import org.diolab.engine.op.Policy;
import org.jspecify.annotations.Nullable;

/** The narration a lesson supplies, looked up per step; the most specific matching rule wins. */
public record NarrationBook(
        @Nullable Narration intro, @Nullable Narration outro, List<NarrationRule> rules) {
    public NarrationBook {
        rules = List.copyOf(rules);
    }

    public static NarrationBook empty() {
        return new NarrationBook(null, null, List.of());
    }

    /**
     * The narration for the {@code nth} (1-based) step labelled {@code label} that {@code actor} takes, or
     * {@code null} if the lesson has none for it.
     */
    public @Nullable Narration find(Policy policy, String actor, String label, int nth) {
        return find(policy, actor, label, nth, false);
    }

    /** Likewise, for the moment {@code actor} is found waiting at that step when {@code blocked}. */
    public @Nullable Narration find(Policy policy, String actor, String label, int nth, boolean blocked) {
        return rules.stream()
                .filter(r -> r.matches(policy, actor, label, nth, blocked))
                .max(Comparator.comparingInt(NarrationRule::specificity))
                .map(NarrationRule::narration)
                .orElse(null);
    }
}
