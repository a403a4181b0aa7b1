package org.diolab.engine.step;

import java.util.Collections;
import java.util.Objects;
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
 * <p>The description is written only when asked for ({@link #action}), and the changed objects are sorted only when
 * asked for ({@link #changed}): the explorer takes millions of steps and reads neither (building the descriptions
 * was about 7 % of its time, sorting the sets 3 %), while a trace asks once per step.
 *
 * @param touched the objects the step changed, as the step collected them (a set it never changes afterwards)
 */
public record Transition(World world, Supplier<String> description, Set<Ref> touched) {
    public Transition {
        touched = Collections.unmodifiableSet(Objects.requireNonNull(touched, "touched")); // a view, not a copy
    }

    public static Transition of(World world, String action, Set<Ref> changed) {
        return new Transition(world, () -> action, changed);
    }

    /** A step whose description is built only if someone reads it. */
    public static Transition of(World world, Supplier<String> action, Set<Ref> changed) {
        return new Transition(world, action, changed);
    }

    /** The objects the step changed, in {@link Ref} order. */
    public SortedSet<Ref> changed() {
        return Sorted.copyOfSet(touched);
    }

    /** The one-line description of the action. */
    public String action() {
        return description.get();
    }
}
