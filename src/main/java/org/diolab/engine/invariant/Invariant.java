package org.diolab.engine.invariant;

import java.util.List;
import org.diolab.engine.model.World;

/**
 * A property a correct storage stack keeps at every step. Checked after every micro-step of every run, so a lesson
 * shows the exact step at which it first breaks.
 */
public sealed interface Invariant permits MirrorsAgree, ChecksumMatches {
    /** Kebab-case name used by lessons, the CLI and JSON. */
    String id();

    /** One sentence a learner reads when it turns red. */
    String explanation();

    /** Everything that breaks this invariant in {@code world}; empty when it holds. */
    List<Violation> check(World world);

    /** Every invariant the engine knows, in a fixed order. */
    static List<Invariant> all() {
        return List.of(new MirrorsAgree(), new ChecksumMatches());
    }
}
