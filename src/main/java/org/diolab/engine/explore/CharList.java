package org.diolab.engine.explore;

import java.util.Arrays;

/** A growable array of 16-bit unsigned numbers: the actor that reached each state (a lesson has far fewer). */
final class CharList {
    private char[] items = new char[64];
    private int size;

    void add(int v) {
        if (v < 0 || v > Character.MAX_VALUE) {
            throw new IllegalArgumentException("out of range: " + v);
        }
        if (size == items.length) {
            items = Arrays.copyOf(items, size + size / 2 + 16);
        }
        items[size++] = (char) v;
    }

    char get(int i) {
        return items[i];
    }

    int size() {
        return size;
    }
}
