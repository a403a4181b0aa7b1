package org.diolab.engine.explore;

import java.util.Arrays;

/**
 * The open-addressing slots the explorer's {@link KeyTable} and {@link Interner} share: a slot is a {@code long} with
 * the entry's hash in its high 32 bits and its number in the low ones, {@link #EMPTY} where none is. Keeping the hash
 * beside the number lets a table grow without hashing its entries again.
 */
final class HashSlots {
    /** A slot that holds no entry. */
    static final long EMPTY = -1L;

    private HashSlots() {}

    /** Slots for {@code n} entries: a power of two, all empty. */
    static long[] empty(int n) {
        long[] slots = new long[n];
        Arrays.fill(slots, EMPTY);
        return slots;
    }

    /** The same entries in twice as many slots, each at its hash's place (probing on linearly, as lookups do). */
    static long[] doubled(long[] slots) {
        long[] bigger = empty(2 * slots.length);
        int mask = bigger.length - 1;
        for (long slot : slots) {
            if (slot != EMPTY) {
                int i = (int) (slot >>> 32) & mask;
                while (bigger[i] != EMPTY) {
                    i = (i + 1) & mask;
                }
                bigger[i] = slot;
            }
        }
        return bigger;
    }
}
