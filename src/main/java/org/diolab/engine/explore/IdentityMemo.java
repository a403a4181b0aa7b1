package org.diolab.engine.explore;

/**
 * A small direct-mapped cache keyed by object identity and a tag (which renaming, which unit), for results that
 * depend only on an immutable value and the tag: a successor's components share almost all their records and maps
 * with its parent's, so a result remembered per instance answers again without walking them. A slot holds the last
 * key that fell into it, so the memory held is bounded whatever the search's size; a miss only costs the computation
 * again, never a different answer.
 */
final class IdentityMemo {
    private static final int BITS = 12;
    private static final int MASK = (1 << BITS) - 1;

    private final Object[] keys = new Object[1 << BITS];
    private final int[] tags = new int[1 << BITS];
    private final Object[] values = new Object[1 << BITS];
    private final long[] numbers = new long[1 << BITS];

    private static int slot(Object key, int tag) {
        int h = System.identityHashCode(key) + tag * 0x9E3779B9;
        return (h ^ (h >>> BITS) ^ (h >>> 2 * BITS)) & MASK;
    }

    private boolean holds(int i, Object key, int tag) {
        return keys[i] == key && tags[i] == tag;
    }

    /** The value remembered for {@code key} and {@code tag}, or {@code null}. */
    Object value(Object key, int tag) {
        int i = slot(key, tag);
        return holds(i, key, tag) ? values[i] : null;
    }

    void putValue(Object key, int tag, Object value) {
        int i = slot(key, tag);
        keys[i] = key;
        tags[i] = tag;
        values[i] = value;
    }

    boolean hasNumber(Object key, int tag) {
        return holds(slot(key, tag), key, tag);
    }

    /** The number remembered for {@code key} and {@code tag}; only after {@link #hasNumber} said there is one. */
    long number(Object key, int tag) {
        return numbers[slot(key, tag)];
    }

    void putNumber(Object key, int tag, long number) {
        int i = slot(key, tag);
        keys[i] = key;
        tags[i] = tag;
        numbers[i] = number;
    }
}
