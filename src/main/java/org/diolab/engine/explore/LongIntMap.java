package org.diolab.engine.explore;

/** An open-addressing map from long keys to int values (no boxing): the symmetry's renaming memo. */
final class LongIntMap {
    private static final int MISSING = Integer.MIN_VALUE;

    private long[] keys = new long[1024];
    private int[] values = new int[1024];
    private boolean[] used = new boolean[1024];
    private int size;

    /** The value of {@code key}, or {@link Integer#MIN_VALUE} if none. */
    int get(long key) {
        int mask = keys.length - 1;
        for (int i = slot(key, mask); used[i]; i = (i + 1) & mask) {
            if (keys[i] == key) {
                return values[i];
            }
        }
        return MISSING;
    }

    static boolean missing(int value) {
        return value == MISSING;
    }

    void put(long key, int value) {
        int mask = keys.length - 1;
        int i = slot(key, mask);
        while (used[i] && keys[i] != key) {
            i = (i + 1) & mask;
        }
        if (!used[i]) {
            used[i] = true;
            keys[i] = key;
            size++;
        }
        values[i] = value;
        if (size * 2 > keys.length) {
            grow();
        }
    }

    int size() {
        return size;
    }

    private void grow() {
        long[] k = keys;
        int[] v = values;
        boolean[] u = used;
        keys = new long[k.length * 2];
        values = new int[k.length * 2];
        used = new boolean[k.length * 2];
        size = 0;
        for (int i = 0; i < k.length; i++) {
            if (u[i]) {
                put(k[i], v[i]);
            }
        }
    }

    private static int slot(long key, int mask) {
        return (int) ModelRenamer.mix(key) & mask;
    }
}
