package org.diolab.engine.explore;

import java.util.Arrays;

/**
 * The objects a step (or all the steps an actor may still take) reads, writes and adds to, as numbered resources of
 * one {@link Resources} table. Two steps conflict when one writes what the other reads, writes or adds to, or one adds
 * to what the other reads. Two additions to the same set or log do not conflict: a set keeps its own order, and two
 * runs whose incident or result logs differ only in the order of the entries behave alike, since no step and no
 * invariant reads that order. Steps that do not conflict commute, which is what the partial-order reduction relies
 * on. {@link #ANY} conflicts with everything: it is what a step nobody has described gets, so an operation added to
 * the engine is explored fully until it is described.
 */
final class Footprint {
    static final Footprint NONE = new Footprint(new long[0], new long[0], new long[0], false);
    static final Footprint ANY = new Footprint(new long[0], new long[0], new long[0], true);

    private final long[] reads;
    private final long[] writes;
    private final long[] adds;
    private final boolean any;
    /** Everything read, written or added to: two footprints touching nothing in common cannot conflict. */
    private final long[] touched;

    Footprint(long[] reads, long[] writes, long[] adds, boolean any) {
        this.reads = reads;
        this.writes = writes;
        this.adds = adds;
        this.any = any;
        this.touched = or(or(reads, writes), adds);
    }

    boolean any() {
        return any;
    }

    /** One writes what the other reads, writes or adds to, or adds to what the other reads. */
    boolean conflicts(Footprint o) {
        if (any || o.any) {
            return !isEmpty() && !o.isEmpty();
        }
        if (!intersects(touched, o.touched)) {
            return false; // the persistent sets ask this of every pair of actors in every state: mostly apart
        }
        return intersects(writes, o.writes)
                || intersects(writes, o.reads)
                || intersects(reads, o.writes)
                || intersects(writes, o.adds)
                || intersects(adds, o.writes)
                || intersects(adds, o.reads)
                || intersects(reads, o.adds);
    }

    /** Whether this changes any of the resources {@code watched} reads. */
    boolean changesAnyReadBy(Footprint watched) {
        if (any || watched.any) {
            return !isEmpty() && !watched.isEmpty();
        }
        return intersects(writes, watched.reads) || intersects(adds, watched.reads);
    }

    boolean isEmpty() {
        return !any && !nonZero(reads) && !nonZero(writes) && !nonZero(adds);
    }

    Footprint union(Footprint o) {
        if (any || o.any) {
            return ANY;
        }
        if (o.isEmpty()) {
            return this;
        }
        if (isEmpty()) {
            return o;
        }
        return new Footprint(or(reads, o.reads), or(writes, o.writes), or(adds, o.adds), false);
    }

    /** Whether every read, write and addition of {@code o} is also one of this (an addition counts as a write). */
    boolean covers(Footprint o) {
        if (any) {
            return true;
        }
        return !o.any && subset(o.reads, reads) && subset(o.writes, writes) && subset(o.adds, or(adds, writes));
    }

    boolean reads(int resource) {
        return any || has(reads, resource);
    }

    boolean writes(int resource) {
        return any || has(writes, resource);
    }

    boolean adds(int resource) {
        return any || has(adds, resource);
    }

    /** Equal when they read, write and add the same resources (trailing zero words aside). */
    @Override
    public boolean equals(Object o) {
        return o instanceof Footprint f
                && any == f.any
                && sameBits(reads, f.reads)
                && sameBits(writes, f.writes)
                && sameBits(adds, f.adds);
    }

    @Override
    public int hashCode() {
        return Boolean.hashCode(any) + 31 * (bitsHash(reads) + 31 * (bitsHash(writes) + 31 * bitsHash(adds)));
    }

    private static boolean sameBits(long[] a, long[] b) {
        for (int i = 0; i < Math.max(a.length, b.length); i++) {
            if ((i < a.length ? a[i] : 0) != (i < b.length ? b[i] : 0)) {
                return false;
            }
        }
        return true;
    }

    private static int bitsHash(long[] a) {
        int h = 0;
        for (int i = 0; i < a.length; i++) {
            if (a[i] != 0) {
                h += Long.hashCode(a[i]) * (i + 1);
            }
        }
        return h;
    }

    private static boolean has(long[] bits, int i) {
        return i / 64 < bits.length && (bits[i / 64] & (1L << (i % 64))) != 0;
    }

    long[] reads() {
        return reads.clone();
    }

    long[] writes() {
        return writes.clone();
    }

    long[] adds() {
        return adds.clone();
    }

    private static boolean intersects(long[] a, long[] b) {
        for (int i = Math.min(a.length, b.length) - 1; i >= 0; i--) {
            if ((a[i] & b[i]) != 0) {
                return true;
            }
        }
        return false;
    }

    private static boolean subset(long[] a, long[] b) {
        for (int i = 0; i < a.length; i++) {
            if ((a[i] & ~(i < b.length ? b[i] : 0)) != 0) {
                return false;
            }
        }
        return true;
    }

    private static boolean nonZero(long[] a) {
        for (long x : a) {
            if (x != 0) {
                return true;
            }
        }
        return false;
    }

    private static long[] or(long[] a, long[] b) {
        long[] out = Arrays.copyOf(a, Math.max(a.length, b.length));
        for (int i = 0; i < b.length; i++) {
            out[i] |= b[i];
        }
        return out;
    }
}
