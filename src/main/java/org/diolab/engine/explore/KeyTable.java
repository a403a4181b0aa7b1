package org.diolab.engine.explore;

import java.util.Arrays;

/**
 * A set of fixed-width int keys, numbered in insertion order: the keys sit end to end in one int array and an
 * open-addressing table of numbers finds them. About {@code 4 * width + 8} bytes a key, and no object per key, which
 * is what the explorer's millions of states need.
 */
final class KeyTable {
    private static final int EMPTY = -1;

    private final int width;
    private int[] keys;
    private int[] slots;
    private int size;

    KeyTable(int width) {
        if (width < 1) {
            throw new IllegalArgumentException("width must be at least 1");
        }
        this.width = width;
        this.keys = new int[width * 1024];
        this.slots = new int[2048];
        Arrays.fill(slots, EMPTY);
    }

    int width() {
        return width;
    }

    int size() {
        return size;
    }

    /** The number of {@code key}, or {@code -1 - n} after adding it as number n. */
    int addIfAbsent(int[] key) {
        int mask = slots.length - 1;
        for (int i = hash(key, 0) & mask; ; i = (i + 1) & mask) {
            int id = slots[i];
            if (id == EMPTY) {
                return -1 - insert(key, i);
            }
            if (matches(id, key)) {
                return id;
            }
        }
    }

    /** Copies key number {@code id} into {@code into}. */
    void get(int id, int[] into) {
        System.arraycopy(keys, id * width, into, 0, width);
    }

    /** Bytes held by the table's arrays. */
    long bytes() {
        return 4L * keys.length + 4L * slots.length;
    }

    private int insert(int[] key, int slot) {
        int id = size;
        if ((long) (id + 1) * width > keys.length) {
            // grow by half: a doubling would briefly need three times the array, near a full heap too much
            keys = Arrays.copyOf(
                    keys,
                    Math.toIntExact(Math.min(keys.length + (long) keys.length / 2 + width, Integer.MAX_VALUE - 8)));
        }
        size++;
        System.arraycopy(key, 0, keys, id * width, width);
        slots[slot] = id;
        if (size * 2 > slots.length) {
            rehash();
        }
        return id;
    }

    private boolean matches(int id, int[] key) {
        int base = id * width;
        for (int k = 0; k < width; k++) {
            if (keys[base + k] != key[k]) {
                return false;
            }
        }
        return true;
    }

    private void rehash() {
        int[] bigger = new int[slots.length * 2];
        Arrays.fill(bigger, EMPTY);
        int mask = bigger.length - 1;
        for (int id = 0; id < size; id++) {
            int i = hash(keys, id * width) & mask;
            while (bigger[i] != EMPTY) {
                i = (i + 1) & mask;
            }
            bigger[i] = id;
        }
        slots = bigger;
    }

    private int hash(int[] a, int from) {
        int h = 0x9E3779B9;
        for (int k = 0; k < width; k++) {
            h = (h ^ a[from + k]) * 0x85EBCA6B;
            h ^= h >>> 13;
        }
        h *= 0xC2B2AE35;
        return h ^ (h >>> 16);
    }
}
