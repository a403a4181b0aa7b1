package org.diolab.live.run;

import java.util.List;
import java.util.SplittableRandom;
import org.diolab.live.job.AccessPattern;
import org.diolab.live.job.BlockSizeSplit;
import org.diolab.live.job.JobSpec;
import org.jspecify.annotations.Nullable;

/**
 * Where one direction of a worker's I/O goes next and how long it is: fio's offset and block-size choice. With one
 * {@code bs} and the default access pattern it is {@link BlockOrder} times bs, as before. With a {@code bssplit} each
 * I/O's size is drawn from the split (a percent point 1-100 against the cumulative shares, fio's draw); random
 * offsets are multiples of the job's unit (blockalign, else the smallest size) and an I/O that would run past the
 * end takes the largest size that fits, as fio does; sequential ones follow each other, wrapping when nothing fits.
 * A non-uniform {@code random_distribution} draws its offsets from {@link SkewedBlocks}.
 *
 * <p>It counts what it picked: I/Os per split size and, for a skewed distribution, hits per block (bucketed above
 * {@link #MAX_HIT_CELLS}), which the report turns into the size mix and the hit profile.
 */
final class IoPicker {
    /** Hit counters per worker and direction at most: 8 MiB of ints; larger files count per bucket of blocks. */
    static final int MAX_HIT_CELLS = 1 << 21;

    private final long size;
    private final long unit;
    private final long units;
    private final long[] sizes;
    private final int[] upTo;
    private final @Nullable SplittableRandom sizeRandom;
    private final @Nullable BlockOrder order;
    private final @Nullable SkewedBlocks skew;
    private final boolean random;
    private long cursor;

    /** I/Os picked per size of {@link #sizes()}. */
    final long[] counts;

    /** Hits per block (or bucket of blocks) for a skewed distribution, else null. */
    final int @Nullable [] hits;

    /** The length of the I/O {@link #next()} placed last. */
    long length;

    private IoPicker(JobSpec job, List<BlockSizeSplit.Share> split, long seed, @Nullable IoPicker shared) {
        AccessPattern a = job.access();
        this.size = job.size();
        this.random = job.rw().random();
        this.unit = random ? a.unit(job.bs()) : job.bs();
        this.units = size / unit;
        if (split.isEmpty()) {
            sizes = new long[] {job.bs()};
            upTo = new int[] {100};
            sizeRandom = null;
        } else {
            sizes = new long[split.size()];
            upTo = new int[split.size()];
            int sum = 0;
            for (int i = 0; i < sizes.length; i++) {
                sizes[i] = split.get(i).bs();
                sum += split.get(i).percent();
                upTo[i] = sum;
            }
            sizeRandom = new SplittableRandom(seed ^ 0x6A09E667F3BCC909L);
        }
        counts = new long[sizes.length];
        boolean skewed = random && !a.distribution().uniform();
        if (shared != null) {
            // random jobs share one offset stream between directions (fio's one random state per file);
            // sequential ones have their own position per direction
            skew = shared.skew;
            order = shared.order;
            hits = shared.hits;
        } else if (skewed) {
            skew = new SkewedBlocks(a.distribution(), units, seed).inUnits(unit);
            order = null;
            hits = new int[(int) Math.min(units, MAX_HIT_CELLS)];
        } else {
            skew = null;
            order = order(job, units, seed);
            hits = null;
        }
    }

    /** A picker for reads ({@code read}) or writes; {@code shared} is the other direction's order to share, or null. */
    static IoPicker of(JobSpec job, boolean read, long seed, @Nullable IoPicker shared) {
        BlockSizeSplit s = job.access().split();
        List<BlockSizeSplit.Share> split = read ? s.reads() : s.writes();
        return new IoPicker(job, split, seed, job.rw().random() ? shared : null);
    }

    private static BlockOrder order(JobSpec job, long units, long seed) {
        if (job.rw().random()) {
            return job.access().randomMap(job.randomMap(), job.bs())
                    ? BlockOrder.random(units, seed)
                    : BlockOrder.uniform(units, seed);
        }
        long stride = 1 + job.skip() / job.bs();
        return stride == 1 ? BlockOrder.sequential(units) : BlockOrder.strided(units, stride);
    }

    /** The split's sizes (or {@code bs} alone), in the order {@link #counts} counts them. */
    long[] sizes() {
        return sizes.clone();
    }

    /** The next I/O's offset; its length is then in {@link #length}. */
    long next() {
        int k = sizeRandom == null ? 0 : draw();
        long len = sizes[k];
        long offset;
        if (!random && sizeRandom != null) {
            if (cursor + len > size) {
                k = largestFitting(size - cursor);
                if (k < 0) {
                    cursor = 0; // the end of the file: start over, as a time-based sequential job does
                    k = draw();
                    k = sizes[k] <= size ? k : largestFitting(size);
                }
                len = sizes[k];
            }
            offset = cursor;
            cursor += len;
            if (cursor >= size) {
                cursor = 0;
            }
        } else {
            long block = skew != null ? skew.next() : order.next();
            offset = block * unit;
            if (hits != null) {
                hits[(int) (units <= hits.length ? block : block * hits.length / units)]++;
            }
            if (offset + len > size) {
                int fit = sizeRandom == null ? -1 : largestFitting(size - offset);
                if (fit >= 0) {
                    k = fit;
                    len = sizes[k];
                } else {
                    offset = (size - len) / unit * unit; // nothing fits: the last place the drawn size does
                }
            }
        }
        counts[k]++;
        length = len;
        return offset;
    }

    private int draw() {
        int r = 1 + sizeRandom.nextInt(100);
        for (int i = 0; i < upTo.length; i++) {
            if (r <= upTo[i]) {
                return i;
            }
        }
        return upTo.length - 1;
    }

    /** The index of the largest size that fits in {@code room} bytes, or -1. */
    private int largestFitting(long room) {
        int best = -1;
        for (int i = 0; i < sizes.length; i++) {
            if (sizes[i] <= room && (best < 0 || sizes[i] > sizes[best])) {
                best = i;
            }
        }
        return best;
    }
}
