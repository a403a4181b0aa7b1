package org.diolab.engine.explore;

import java.util.Arrays;

/**
 * Gives each distinct value a number, in first-seen order, and keeps one canonical instance per value. States built
 * from canonical parts share them, so a part a step left alone is recognised by identity, without hashing it again.
 *
 * <p>An open-addressing table of numbers with each value's hash beside it: a lookup compares values ({@code equals},
 * which walks a whole map when the two are equal) only when their hashes agree, and allocates nothing on a hit
 * (every successor of every state is looked up here, and most are hits).
 */
final class Interner {
    private static final long EMPTY = HashSlots.EMPTY;

    private Object[] values = new Object[64];
    private int size;
    /** Per slot: the value's hash (high 32 bits) and number (low 32 bits), or {@link #EMPTY}. */
    private long[] slots = HashSlots.empty(128);

    int intern(Object value) {
        int hash = spread(value.hashCode());
        int mask = slots.length - 1;
        for (int i = hash & mask; ; i = (i + 1) & mask) {
            long slot = slots[i];
            if (slot == EMPTY) {
                return add(value, hash, i);
            }
            if ((int) (slot >>> 32) == hash) {
                Object known = values[(int) slot];
                if (known == value || known.equals(value)) {
                    return (int) slot;
                }
            }
        }
    }

    Object get(int id) {
        if (id >= size) {
            throw new IndexOutOfBoundsException("no value number " + id + " among " + size);
        }
        return values[id];
    }

    int size() {
        return size;
    }

    private int add(Object value, int hash, int slot) {
        if (size == values.length) {
            values = Arrays.copyOf(values, 2 * size);
        }
        int id = size++;
        values[id] = value;
        slots[slot] = (long) hash << 32 | id;
        if (2 * size > slots.length) {
            grow();
        }
        return id;
    }

    private void grow() {
        slots = HashSlots.doubled(slots);
    }

    /** Spreads a hash's bits so nearby hashes (a map differing in one entry) land apart. */
    private static int spread(int h) {
        h *= 0x9E3779B9;
        return h ^ (h >>> 16);
    }
}
