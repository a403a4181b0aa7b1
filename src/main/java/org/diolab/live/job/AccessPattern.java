package org.diolab.live.job;

import java.util.Objects;

/**
 * Where a job's I/Os go and how big each is, beyond one {@code bs} over a uniform random map: fio's {@code bssplit},
 * {@code blockalign} and {@code random_distribution}. {@link #PLAIN} is fio's default.
 *
 * @param split        weighted block sizes (fio's bssplit), or {@link BlockSizeSplit#NONE} for {@code bs} alone
 * @param blockAlign   where random I/Os start: a multiple of this (fio's blockalign); 0 for fio's default, the
 *                     smallest block size. A value other than the default turns the random map off, as in fio
 * @param distribution how random offsets are drawn (fio's random_distribution)
 */
public record AccessPattern(BlockSizeSplit split, long blockAlign, RandomDistribution distribution) {
    public static final AccessPattern PLAIN = new AccessPattern(BlockSizeSplit.NONE, 0, RandomDistribution.UNIFORM);

    public AccessPattern {
        Objects.requireNonNull(split, "split");
        Objects.requireNonNull(distribution, "distribution");
    }

    public boolean plain() {
        return equals(PLAIN);
    }

    /** Random offsets are multiples of this: blockalign, else the smallest size the job issues. */
    public long unit(long bs) {
        if (blockAlign > 0) {
            return blockAlign;
        }
        return split.isNone() ? bs : split.min();
    }

    /**
     * Whether random offsets come from the random map (every unit once per pass): fio's default, turned off by
     * norandommap, a non-uniform distribution, or a blockalign other than the smallest size.
     */
    public boolean randomMap(boolean randomMapOption, long bs) {
        long natural = split.isNone() ? bs : split.min();
        return randomMapOption && distribution.uniform() && (blockAlign == 0 || blockAlign == natural);
    }

    public AccessPattern withSplit(BlockSizeSplit s) {
        return new AccessPattern(s, blockAlign, distribution);
    }

    public AccessPattern withBlockAlign(long a) {
        return new AccessPattern(split, a, distribution);
    }

    public AccessPattern withDistribution(RandomDistribution d) {
        return new AccessPattern(split, blockAlign, d);
    }
}
