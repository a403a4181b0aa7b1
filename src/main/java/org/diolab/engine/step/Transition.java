package org.diolab.engine.step;

import java.util.Set;
import java.util.SortedSet;
import org.diolab.engine.model.Ref;
import org.diolab.engine.model.Sorted;
import org.diolab.engine.model.World;

/**
 * What one micro-step did: the world after it, a one-line description of the action, and the objects (as
 * {@link Ref} names) it changed.
 */
public record Transition(World world, String action, SortedSet<Ref> changed) {
    public Transition {
        changed = Sorted.copyOfSet(changed);
    }

    public static Transition of(World world, String action, Set<Ref> changed) {
        return new Transition(world, action, Sorted.copyOfSet(changed));
    }
}
