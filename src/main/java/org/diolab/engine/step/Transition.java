package org.diolab.engine.step;

import java.util.Set;
import java.util.SortedSet;
import java.util.function.Supplier;
import org.diolab.engine.model.Ref;
import org.diolab.engine.model.Sorted;
import org.diolab.engine.model.World;

/**
 * What one micro-step did: the world after it, a one-line description of the action, and the objects (as
 * {@link Ref} names) it changed.
 *
 * <p>The description is written only when asked for ({@link #action}): the explorer takes millions of steps and
 * reads none of them (building them was about 7 % of its time), while a trace asks once per step.
 */
public record Transition(World world, Supplier<String> description, SortedSet<Ref> changed) {
    public Transition {
        changed = Sorted.copyOfSet(changed);
    }

    public static Transition of(World world, String action, Set<Ref> changed) {
        return new Transition(world, () -> action, Sorted.copyOfSet(changed));
    }

    /** A step whose description is built only if someone reads it. */
    public static Transition of(World world, Supplier<String> action, Set<Ref> changed) {
        return new Transition(world, action, Sorted.copyOfSet(changed));
    }

    /** The one-line description of the action. */
    public String action() {
        return description.get();
    }
}
