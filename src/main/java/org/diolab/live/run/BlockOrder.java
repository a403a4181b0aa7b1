package org.diolab.live.run;

import org.jspecify.annotations.Nullable;

/**
 * The order in which a worker visits its file's blocks. Sequential wraps around at the end (time-based jobs keep
 * going). Random visits every block exactly once per pass, like fio's default random map, without storing a map:
 * a full-period LCG over the next power of two (Hull-Dobell: odd increment, multiplier 1 mod 4) walks every index
 * once; a bijective scramble hides the LCG's regular low bits; indexes past the end are skipped. fio's
 * {@code norandommap} draws each index afresh instead ({@link #uniform}), and {@code rw=read:SKIP} walks with a
 * stride ({@link #strided}), backwards when it is negative, wrapping at either end.
 */
final class BlockOrder {
    private static final long MULTIPLIER = 0x5851F42D4C957F2DL;
    private static final long MIXER = 0x9E3779B97F4A7C15L;

    private final long blocks;
    private final boolean random;
    private final long stride;
    private final java.util.@Nullable SplittableRandom uniform;
    private final long mask;
    private final int shift;
    private final long increment;
    private long state;

    private BlockOrder(long blocks, boolean random, long seed) {
        this(blocks, random, seed, 1, false);
    }

    private BlockOrder(long blocks, boolean random, long seed, long stride, boolean uniform) {
        if (blocks < 1) {
            throw new IllegalArgumentException("blocks " + blocks);
        }
        this.blocks = blocks;
        this.random = random;
        this.stride = Math.floorMod(stride, blocks);
        this.uniform = uniform ? new java.util.SplittableRandom(seed) : null;
        int bits = 64 - Long.numberOfLeadingZeros(blocks - 1);
        this.mask = bits == 64 ? -1L : (1L << bits) - 1;
        this.shift = Math.max(1, (bits + 1) / 2);
        this.increment = (seed * MIXER >>> 7) | 1;
        this.state = random ? (seed ^ (seed >>> 29)) & mask : 0;
    }

    static BlockOrder sequential(long blocks) {
        return new BlockOrder(blocks, false, 0);
    }

    static BlockOrder random(long blocks, long seed) {
        return new BlockOrder(blocks, true, seed);
    }

    /** fio's norandommap: every index drawn afresh (some repeat, some are never visited). */
    static BlockOrder uniform(long blocks, long seed) {
        return new BlockOrder(blocks, false, seed, 1, true);
    }

    /** Sequential with a stride of {@code stride} blocks (fio's rw=read:SKIP, SKIP = (stride - 1) blocks). */
    static BlockOrder strided(long blocks, long stride) {
        return new BlockOrder(blocks, false, 0, stride, false);
    }

    /** The next block index, in [0, blocks). */
    long next() {
        if (uniform != null) {
            return uniform.nextLong(blocks);
        }
        if (!random) {
            long b = state;
            long n = b + stride;
            state = n >= blocks ? n - blocks : n;
            return b;
        }
        while (true) {
            state = (MULTIPLIER * state + increment) & mask;
            long y = state;
            y ^= y >>> shift;
            y = (y * MIXER) & mask;
            y ^= y >>> shift;
            if (y < blocks) {
                return y;
            }
        }
    }
}
