package org.diolab.engine.explore;

import java.util.Arrays;

/** A growable int array: the explorer keeps a few ints per state, and boxing millions of them would cost more. */
final class IntList {
    private int[] items = new int[64];
    private int size;

    void add(int v) {
        if (size == items.length) {
            items = Arrays.copyOf(items, size + size / 2 + 16);
        }
        items[size++] = v;
    }

    int get(int i) {
        return items[i];
    }

    void set(int i, int v) {
        items[i] = v;
    }

    int size() {
        return size;
    }
}
