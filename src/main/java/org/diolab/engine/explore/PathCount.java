package org.diolab.engine.explore;

import java.math.BigInteger;

/**
 * The number of complete interleavings: distinct schedules from the start to a state where nobody can step (finished
 * or deadlocked). Exact as a BigInteger, since a few actors of a dozen steps already overflow a long.
 *
 * @param kind {@code EXACT}; {@code AT_LEAST} when the search stopped early (each unexplored state counts as one run,
 *             and at least one run goes through it); {@code UNBOUNDED} if the state graph has a cycle, i.e. some run
 *             never ends ({@code value} then counts only the runs that do)
 */
public record PathCount(BigInteger value, Kind kind) {
    public enum Kind {
        EXACT,
        AT_LEAST,
        UNBOUNDED
    }

    public boolean exact() {
        return kind == Kind.EXACT;
    }

    /** "1,234", "≥ 1,234" or "unbounded (some run never ends)". */
    public String describe() {
        String n = String.format("%,d", value);
        return switch (kind) {
            case EXACT -> n;
            case AT_LEAST -> "≥ " + n;
            case UNBOUNDED -> "unbounded (some run never ends; " + n + " do)";
        };
    }
}
