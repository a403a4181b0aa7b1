package org.diolab.engine.explore;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.RecordComponent;
import java.util.Arrays;
import java.util.List;
import org.diolab.engine.model.World;

/**
 * {@link World}'s record components, read and put back together generically: a component added to World is part of
 * every explored state's identity without anyone listing it here.
 *
 * <p>The explorer reads every component of every successor and builds a world per expanded state, so {@link #all}
 * and {@link #make} go through method handles held in static final fields: the JIT treats those as constants and
 * compiles them to the accessors and the constructor themselves (a handle read from an array, as {@link #get} does,
 * is a call through the handle's interpreter each time).
 */
final class WorldParts {
    static final WorldParts WORLD = new WorldParts();
    /** (World) -> Object[]: every component, in record order. */
    private static final MethodHandle ALL = WORLD.allParts();
    /** (Object[]) -> World: the canonical constructor. */
    private static final MethodHandle MAKE = WORLD.constructor;

    private final List<String> names;
    private final MethodHandle[] getters;
    private final MethodHandle constructor;

    private WorldParts() {
        RecordComponent[] rc = World.class.getRecordComponents();
        MethodHandles.Lookup lookup = MethodHandles.publicLookup();
        getters = new MethodHandle[rc.length];
        Class<?>[] types = new Class<?>[rc.length];
        try {
            for (int i = 0; i < rc.length; i++) {
                getters[i] =
                        lookup.unreflect(rc[i].getAccessor()).asType(MethodType.methodType(Object.class, World.class));
                types[i] = rc[i].getType();
            }
            constructor = lookup.findConstructor(World.class, MethodType.methodType(void.class, types))
                    .asSpreader(Object[].class, rc.length)
                    .asType(MethodType.methodType(World.class, Object[].class));
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("World must be a public record with a public canonical constructor", e);
        }
        names = Arrays.stream(rc).map(RecordComponent::getName).toList();
    }

    private MethodHandle allParts() {
        MethodHandle collect = MethodHandles.identity(Object[].class).asCollector(Object[].class, getters.length);
        MethodHandle each = MethodHandles.filterArguments(collect, 0, getters);
        return MethodHandles.permuteArguments(
                each, MethodType.methodType(Object[].class, World.class), new int[getters.length]);
    }

    int count() {
        return getters.length;
    }

    List<String> names() {
        return names;
    }

    Object get(World w, int i) {
        try {
            return (Object) getters[i].invokeExact(w);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    /** Every component of {@code w}, in record order (the {@link #get} of each {@code i}). */
    Object[] all(World w) {
        try {
            return (Object[]) ALL.invokeExact(w);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    World make(Object[] parts) {
        try {
            return (World) MAKE.invokeExact(parts);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    private static RuntimeException rethrow(Throwable t) {
        if (t instanceof RuntimeException r) {
            return r;
        }
        if (t instanceof Error e) {
            throw e;
        }
        return new IllegalStateException(t);
    }
}
