package org.diolab.engine.explore;

import java.util.Arrays;

/**
 * A set of fixed-width int keys, numbered in insertion order, kept compact and exact: each key is written as
 * variable-length bytes (most of a state's numbers, program counters and component numbers below 16,384, take one or
 * two bytes), the bytes sit end to end in chunks of 1 MiB, and an open-addressing table of numbers finds them by a
 * hash of those bytes. Lookups compare the bytes whole, so two keys share a number only when they are equal. Each
 * slot keeps its key's hash beside the number, so a probe reads a key's bytes (two more cache misses: its place and
 * its chunk) only when the hashes agree, and growing the table never re-reads the keys.
 *
 * <p>About {@code 1.5 * width + 12} bytes a key instead of an object graph per state. The chunks also mean the table
 * never needs one large contiguous array: growing it near a full heap allocates one more MiB, not a copy of all.
 */
final class KeyTable {
    private static final long EMPTY = HashSlots.EMPTY;
    private static final int CHUNK_BITS = 20;
    private static final int CHUNK = 1 << CHUNK_BITS;

    private final int width;
    private byte[][] chunks = new byte[1][];
    private int chunk;
    private int used;
    /** Per key: its chunk (high bits) and offset in it (low {@link #CHUNK_BITS} bits). */
    private final IntList where = new IntList();

    /** Per slot: the key's hash (high 32 bits) and number (low 32 bits), or {@link #EMPTY}. */
    private long[] slots;

    private final byte[] scratch;

    KeyTable(int width) {
        if (width < 1) {
            throw new IllegalArgumentException("width must be at least 1");
        }
        this.width = width;
        this.chunks[0] = new byte[Math.min(CHUNK, Math.max(4096, 8 * width))];
        this.slots = HashSlots.empty(2048);
        this.scratch = new byte[5 * width];
    }

    int width() {
        return width;
    }

    int size() {
        return where.size();
    }

    /** The number of {@code key}, or {@code -1 - n} after adding it as number n. */
    int addIfAbsent(int[] key) {
        int length = encode(key);
        int hash = hash(scratch, 0, length);
        int mask = slots.length - 1;
        for (int i = hash & mask; ; i = (i + 1) & mask) {
            long slot = slots[i];
            if (slot == EMPTY) {
                return -1 - insert(length, i, hash);
            }
            if ((int) (slot >>> 32) == hash && matches((int) slot, length)) {
                return (int) slot;
            }
        }
    }

    /** Copies key number {@code id} into {@code into}. */
    void get(int id, int[] into) {
        int w = where.get(id);
        byte[] c = chunks[w >>> CHUNK_BITS];
        int at = w & (CHUNK - 1);
        for (int k = 0; k < width; k++) {
            int v = 0;
            int shift = 0;
            byte b;
            do {
                b = c[at++];
                v |= (b & 0x7F) << shift;
                shift += 7;
            } while (b < 0);
            into[k] = v;
        }
    }

    /** Bytes held by the table's arrays. */
    long bytes() {
        long b = 8L * slots.length + 4L * where.size();
        for (byte[] c : chunks) {
            b += c == null ? 0 : c.length;
        }
        return b;
    }

    /** Writes {@code key} into the scratch buffer as unsigned LEB128; returns its length. */
    private int encode(int[] key) {
        int n = 0;
        for (int k = 0; k < width; k++) {
            int v = key[k];
            if (v < 0) {
                throw new IllegalArgumentException("keys hold numbers >= 0, not " + v);
            }
            while (v >= 0x80) {
                scratch[n++] = (byte) (v | 0x80);
                v >>>= 7;
            }
            scratch[n++] = (byte) v;
        }
        return n;
    }

    private int insert(int length, int slot, int hash) {
        if (used + length > chunks[chunk].length) {
            if (chunks[chunk].length < CHUNK && used + length <= CHUNK) {
                chunks[chunk] = Arrays.copyOf(chunks[chunk], Math.min(CHUNK, Math.max(used + length, 2 * used)));
            } else {
                chunk++;
                if (chunk == chunks.length) {
                    chunks = Arrays.copyOf(chunks, chunks.length * 2);
                }
                chunks[chunk] = new byte[CHUNK];
                used = 0;
            }
        }
        System.arraycopy(scratch, 0, chunks[chunk], used, length);
        int id = where.size();
        where.add(chunk << CHUNK_BITS | used);
        used += length;
        slots[slot] = (long) hash << 32 | id;
        if (where.size() * 2 > slots.length) {
            rehash();
        }
        return id;
    }

    private boolean matches(int id, int length) {
        int w = where.get(id);
        byte[] c = chunks[w >>> CHUNK_BITS];
        int at = w & (CHUNK - 1);
        // keys are prefix-free (each is {@code width} numbers), so equal bytes over the probe's length are equal keys
        return at + length <= c.length && Arrays.equals(c, at, at + length, scratch, 0, length);
    }

    private void rehash() {
        slots = HashSlots.doubled(slots);
    }

    private static int hash(byte[] a, int from, int length) {
        int h = 0x9E3779B9;
        for (int i = from; i < from + length; i++) {
            h = (h ^ a[i]) * 0x01000193;
        }
        h ^= h >>> 16;
        h *= 0x85EBCA6B;
        return h ^ (h >>> 13);
    }
}
