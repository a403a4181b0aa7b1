package org.diolab.engine.model;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.function.UnaryOperator;

/**
 * Copy-on-write helpers for the small sorted maps the model is made of.
 *
 * <p>Why sorted: {@code Map.of}/{@code Map.copyOf} iterate in an order salted per JVM run, which would make traces,
 * JSON output and state hashes differ between runs. Sorted maps keep "same input, same trace" true.
 */
public final class Sorted {
    private Sorted() {
    }

    /** The class of the maps this helper makes; records re-check their maps on every copy, this makes that free. */
    private static final Class<?> FROZEN = Collections.unmodifiableSortedMap(new TreeMap<>()).getClass();

    @SuppressWarnings("unchecked")
    public static <K extends Comparable<K>, V> SortedMap<K, V> copyOf(Map<K, V> map) {
        if (map.getClass() == FROZEN && ((SortedMap<K, V>) map).comparator() == null) {
            return (SortedMap<K, V>) map; // already an unmodifiable sorted view whose backing map nobody else holds
        }
        return Collections.unmodifiableSortedMap(new TreeMap<>(map));
    }

    public static <K extends Comparable<K>, V> SortedMap<K, V> with(SortedMap<K, V> map, K key, V value) {
        TreeMap<K, V> copy = new TreeMap<>(map);
        copy.put(key, value);
        return Collections.unmodifiableSortedMap(copy);
    }

    public static <K extends Comparable<K>, V> SortedMap<K, V> without(SortedMap<K, V> map, K key) {
        TreeMap<K, V> copy = new TreeMap<>(map);
        copy.remove(key);
        return Collections.unmodifiableSortedMap(copy);
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
        List<T> copy = new ArrayList<>(list);
        copy.add(item);
        return List.copyOf(copy);
    }
}
