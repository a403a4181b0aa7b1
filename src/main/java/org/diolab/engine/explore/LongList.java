package org.diolab.engine.explore;

import java.util.Arrays;

/** A growable long array. */
final class LongList {
    private long[] items = new long[64];
    private int size;

    void add(long v) {
        if (size == items.length) {
            items = Arrays.copyOf(items, size + size / 2 + 16);
        }
        items[size++] = v;
    }

    long get(int i) {
        return items[i];
    }

    int size() {
        return size;
    }
}
