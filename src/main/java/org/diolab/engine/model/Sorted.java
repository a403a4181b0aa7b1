package org.diolab.engine.model;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.SortedSet;
import java.util.function.UnaryOperator;

/**
 * Copy-on-write helpers for the small sorted maps and sets the model is made of.
 *
 * <p>Why sorted: {@code Map.of}/{@code Map.copyOf} iterate in an order salted per JVM run, which would make traces,
 * JSON output and state hashes differ between runs. Sorted maps keep "same input, same trace" true. The maps and sets
 * made here are immutable arrays with a remembered hash ({@link FrozenSortedMap}, {@link FrozenSortedSet}): records
 * re-check their maps on every copy, which this makes free, and the explorer hashes millions of them.
 */
public final class Sorted {
    private Sorted() {}

    public static <K extends Comparable<K>, V> SortedMap<K, V> copyOf(Map<K, V> map) {
        return FrozenSortedMap.copyOf(map);
    }

    public static <K extends Comparable<K>, V> SortedMap<K, V> with(SortedMap<K, V> map, K key, V value) {
        return FrozenSortedMap.copyOf(map).with(key, value);
    }

    public static <K extends Comparable<K>, V> SortedMap<K, V> without(SortedMap<K, V> map, K key) {
        return FrozenSortedMap.copyOf(map).without(key);
    }

    /** Replaces the value at {@code key}, which must exist. */
    public static <K extends Comparable<K>, V> SortedMap<K, V> update(SortedMap<K, V> map, K key, UnaryOperator<V> f) {
        V old = map.get(key);
        if (old == null) {
            throw new IllegalArgumentException("no " + key + " in " + map.keySet());
        }
        return with(map, key, f.apply(old));
    }

    public static <T> List<T> append(List<T> list, T item) {
        List<T> copy = new ArrayList<>(list.size() + 1);
        copy.addAll(list);
        copy.add(item);
        return List.copyOf(copy);
    }

    /** An immutable sorted copy of {@code items} (the same object if it is one already). */
    public static <E extends Comparable<E>> SortedSet<E> copyOfSet(Collection<E> items) {
        return FrozenSortedSet.copyOf(items);
    }

    public static <E extends Comparable<E>> SortedSet<E> withElement(SortedSet<E> set, E item) {
        return FrozenSortedSet.copyOf(set).with(item);
    }

    public static <E extends Comparable<E>> SortedSet<E> withoutElement(SortedSet<E> set, E item) {
        return FrozenSortedSet.copyOf(set).without(item);
    }
}
