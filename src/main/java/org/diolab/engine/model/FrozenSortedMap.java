package org.diolab.engine.model;

import java.util.AbstractCollection;
import java.util.AbstractMap;
import java.util.AbstractSet;
import java.util.Arrays;
import java.util.Collection;
import java.util.Comparator;
import java.util.Iterator;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Set;
import java.util.SortedMap;
import org.jspecify.annotations.Nullable;

/**
 * An immutable sorted map on two sorted arrays, for the handful of entries the model's maps hold. It answers
 * {@code get} by binary search, copies in one array copy, and remembers its hash: the explorer hashes and compares
 * millions of worlds made of these, and a TreeMap recomputes its hash entry by entry every time. Keys use their
 * natural order, as in a TreeMap, so iteration order (and every trace and JSON built from it) is the same.
 */
final class FrozenSortedMap<K extends Comparable<K>, V> extends AbstractMap<K, V> implements SortedMap<K, V> {
    private static final Object[] NONE = new Object[0];
    static final FrozenSortedMap<?, ?> EMPTY = new FrozenSortedMap<>(NONE, NONE);

    private final Object[] keys;
    private final Object[] values;
    private int hash;
    private boolean hashed;
    /** Every value is a {@link FrozenSortedSet} (World's history, checked once instead of on every world). */
    private boolean frozenSetValues;

    private FrozenSortedMap(Object[] keys, Object[] values) {
        this.keys = keys;
        this.values = values;
    }

    @SuppressWarnings("unchecked")
    static <K extends Comparable<K>, V> FrozenSortedMap<K, V> copyOf(Map<K, V> map) {
        if (map instanceof FrozenSortedMap<K, V> f) {
            return f;
        }
        if (map.isEmpty()) {
            return (FrozenSortedMap<K, V>) EMPTY;
        }
        Object[][] entries = new Object[map.size()][];
        int n = 0;
        for (Map.Entry<K, V> e : map.entrySet()) {
            entries[n++] = new Object[] {java.util.Objects.requireNonNull(e.getKey(), "key"), e.getValue()};
        }
        if (!(map instanceof SortedMap<K, V> s && s.comparator() == null)) {
            Arrays.sort(entries, (a, b) -> ((K) a[0]).compareTo((K) b[0]));
        }
        Object[] k = new Object[n];
        Object[] v = new Object[n];
        for (int i = 0; i < n; i++) {
            k[i] = entries[i][0];
            v[i] = entries[i][1];
        }
        return new FrozenSortedMap<>(k, v);
    }

    /** This map with {@code key} mapped to {@code value}. */
    FrozenSortedMap<K, V> with(K key, V value) {
        int i = indexOf(key);
        if (i >= 0) {
            if (values[i] == value) {
                return this;
            }
            Object[] v = values.clone();
            v[i] = value;
            return frozenAs(
                    hashedAs(new FrozenSortedMap<>(keys, v), entryHash(key, values[i]), entryHash(key, value)), value);
        }
        int at = -1 - i;
        return frozenAs(
                hashedAs(
                        new FrozenSortedMap<>(insert(keys, at, key), insert(values, at, value)),
                        0,
                        entryHash(key, value)),
                value);
    }

    /** A copy with one value changed to {@code value} keeps "every value frozen" if {@code value} is. */
    private FrozenSortedMap<K, V> frozenAs(FrozenSortedMap<K, V> copy, Object value) {
        copy.frozenSetValues = frozenSetValues && value instanceof FrozenSortedSet<?>;
        return copy;
    }

    boolean frozenSetValues() {
        return frozenSetValues;
    }

    /** Marks this map as holding only frozen sets; the caller has checked every value. */
    FrozenSortedMap<K, V> markFrozenSetValues() {
        frozenSetValues = true;
        return this;
    }

    /** The keys array, shared by the copies that only change values: equal key sets, checked once. */
    Object keysIdentity() {
        return keys;
    }

    /** A copy differing from this map in one entry has this map's hash, less the old entry's plus the new one's. */
    private FrozenSortedMap<K, V> hashedAs(FrozenSortedMap<K, V> copy, int removed, int added) {
        if (hashed) {
            copy.hash = hash - removed + added;
            copy.hashed = true;
        }
        return copy;
    }

    private static int entryHash(Object key, Object value) {
        return key.hashCode() ^ java.util.Objects.hashCode(value);
    }

    FrozenSortedMap<K, V> without(K key) {
        int i = indexOf(key);
        return i < 0 ? this : new FrozenSortedMap<>(remove(keys, i), remove(values, i));
    }

    /** Keys up to this many are first looked for by identity: callers mostly pass the very names the map was made with. */
    private static final int SCAN = 8;

    @SuppressWarnings("unchecked")
    private int indexOf(Object key) {
        if (keys.length <= SCAN) {
            for (int i = 0; i < keys.length; i++) {
                if (keys[i] == key) {
                    return i;
                }
            }
        }
        int lo = 0;
        int hi = keys.length - 1;
        while (lo <= hi) {
            int mid = (lo + hi) >>> 1;
            int c = ((K) keys[mid]).compareTo((K) key);
            if (c < 0) {
                lo = mid + 1;
            } else if (c > 0) {
                hi = mid - 1;
            } else {
                return mid;
            }
        }
        return -1 - lo;
    }

    @Override
    public int size() {
        return keys.length;
    }

    @Override
    public boolean containsKey(Object key) {
        return key != null && indexOf(key) >= 0;
    }

    @Override
    @SuppressWarnings("unchecked")
    public @Nullable V get(@Nullable Object key) {
        if (key == null) {
            return null;
        }
        int i = indexOf(key);
        return i >= 0 ? (V) values[i] : null;
    }

    /** One search, where {@link Map#getOrDefault}'s default looks an absent key up twice. */
    @Override
    @SuppressWarnings("unchecked")
    public V getOrDefault(Object key, V defaultValue) {
        if (key == null) {
            return defaultValue;
        }
        int i = indexOf(key);
        return i >= 0 ? (V) values[i] : defaultValue;
    }

    @Override
    public @Nullable Comparator<? super K> comparator() {
        return null;
    }

    @Override
    public SortedMap<K, V> subMap(K fromKey, K toKey) {
        return slice(bound(fromKey), bound(toKey));
    }

    @Override
    public SortedMap<K, V> headMap(K toKey) {
        return slice(0, bound(toKey));
    }

    @Override
    public SortedMap<K, V> tailMap(K fromKey) {
        return slice(bound(fromKey), keys.length);
    }

    @Override
    @SuppressWarnings("unchecked")
    public K firstKey() {
        if (keys.length == 0) {
            throw new NoSuchElementException();
        }
        return (K) keys[0];
    }

    @Override
    @SuppressWarnings("unchecked")
    public K lastKey() {
        if (keys.length == 0) {
            throw new NoSuchElementException();
        }
        return (K) keys[keys.length - 1];
    }

    @Override
    public Set<K> keySet() {
        return new AbstractSet<>() {
            @Override
            public Iterator<K> iterator() {
                return new At<>(keys);
            }

            @Override
            public int size() {
                return keys.length;
            }

            @Override
            public boolean contains(Object o) {
                return containsKey(o);
            }
        };
    }

    @Override
    public Collection<V> values() {
        return new AbstractCollection<>() {
            @Override
            public Iterator<V> iterator() {
                return new At<>(values);
            }

            @Override
            public int size() {
                return values.length;
            }
        };
    }

    @Override
    public Set<Map.Entry<K, V>> entrySet() {
        return new AbstractSet<>() {
            @Override
            public Iterator<Map.Entry<K, V>> iterator() {
                return new Iterator<>() {
                    private int i;

                    @Override
                    public boolean hasNext() {
                        return i < keys.length;
                    }

                    @Override
                    @SuppressWarnings("unchecked")
                    public Map.Entry<K, V> next() {
                        if (i >= keys.length) {
                            throw new NoSuchElementException();
                        }
                        int at = i++;
                        return new AbstractMap.SimpleImmutableEntry<>((K) keys[at], (V) values[at]);
                    }
                };
            }

            @Override
            public int size() {
                return keys.length;
            }
        };
    }

    @Override
    public int hashCode() {
        if (!hashed) {
            int h = 0;
            for (int i = 0; i < keys.length; i++) {
                h += entryHash(keys[i], values[i]);
            }
            hash = h;
            hashed = true;
        }
        return hash;
    }

    @Override
    public boolean equals(Object o) {
        if (o == this) {
            return true;
        }
        if (o instanceof FrozenSortedMap<?, ?> f) {
            return f.keys.length == keys.length
                    && f.hashCode() == hashCode()
                    && Arrays.equals(f.keys, keys)
                    && Arrays.equals(f.values, values);
        }
        return super.equals(o);
    }

    private int bound(K key) {
        int i = indexOf(key);
        return i >= 0 ? i : -1 - i;
    }

    private SortedMap<K, V> slice(int from, int to) {
        if (from > to) {
            throw new IllegalArgumentException("fromKey > toKey");
        }
        return new FrozenSortedMap<>(Arrays.copyOfRange(keys, from, to), Arrays.copyOfRange(values, from, to));
    }

    private static Object[] insert(Object[] a, int at, Object x) {
        Object[] out = new Object[a.length + 1];
        System.arraycopy(a, 0, out, 0, at);
        out[at] = x;
        System.arraycopy(a, at, out, at + 1, a.length - at);
        return out;
    }

    private static Object[] remove(Object[] a, int at) {
        Object[] out = new Object[a.length - 1];
        System.arraycopy(a, 0, out, 0, at);
        System.arraycopy(a, at + 1, out, at, a.length - at - 1);
        return out;
    }

    /** Iterates an array without copying it. */
    private static final class At<T> implements Iterator<T> {
        private final Object[] items;
        private int i;

        At(Object[] items) {
            this.items = items;
        }

        @Override
        public boolean hasNext() {
            return i < items.length;
        }

        @Override
        @SuppressWarnings("unchecked")
        public T next() {
            if (i >= items.length) {
                throw new NoSuchElementException();
            }
            return (T) items[i++];
        }
    }
}
