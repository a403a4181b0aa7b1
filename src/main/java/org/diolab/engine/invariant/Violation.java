package org.diolab.engine.invariant;

import java.util.Collections;
import java.util.SortedSet;
import java.util.TreeSet;
import org.diolab.engine.model.Ref;

/**
 * An invariant that does not hold in some world: what exactly is wrong, and the objects involved (as
 * {@link org.diolab.engine.model.Ref} names) so a view can mark them.
 */
public record Violation(String invariant, String detail, SortedSet<Ref> refs) {
    public Violation {
        refs = Collections.unmodifiableSortedSet(new TreeSet<>(refs));
    }

    public Violation(String invariant, String detail) {
        this(invariant, detail, new TreeSet<>());
    }
}
