package org.diolab.live.run;

import java.util.SplittableRandom;
import org.diolab.live.job.RandomDistribution;

/**
 * Draws block indexes from one of fio's non-uniform random distributions, each afresh (no random map, as fio turns
 * it off for them). zipf, pareto and normal draw a rank and scatter it: rank times an odd constant, modulo the block
 * count (a bijection when that is a power of two), plus an offset (the center, or one drawn from the seed). zoned
 * picks a zone by its access share, then a block uniformly inside it.
 *
 * <p>zipf follows Gray et al., "Quickly generating billion-record synthetic databases" (SIGMOD 1994), with zeta(n)
 * summed over at most ten million terms as fio does; pareto is {@code n * u^(log h / log(1-h))}; normal is the mean
 * of twelve uniform draws (Irwin-Hall) plus a uniform jitter {@code dev} percent of the file wide, fio's
 * construction, so a job gives the same hit profile under both tools.
 */
final class SkewedBlocks {
    /** fio caps zeta's sum here: longer ones cost seconds and change the result little. */
    private static final long ZETA_TERMS = 10_000_000L;

    private static final long SCATTER = 0x9E3779B97F4A7C15L; // odd: rank -> block is a bijection mod 2^k
    private static final int NORMAL_DRAWS = 12;

    private final RandomDistribution dist;
    private final long n;
    private final SplittableRandom random;
    private final long offset;
    // zipf
    private double zetan;
    private double eta;
    private double alpha;
    private double secondRank;
    // pareto
    private double power;
    // normal
    private long jitter;
    // zoned: per percent point 1..100, the zone's first block and block count
    private long[] zoneStart;
    private long[] zoneLength;

    SkewedBlocks(RandomDistribution dist, long blocks, long seed) {
        if (blocks < 1) {
            throw new IllegalArgumentException("blocks " + blocks);
        }
        this.dist = dist;
        this.n = blocks;
        this.random = new SplittableRandom(seed ^ 0x2545F4914F6CDD1DL);
        long drawnOffset = random.nextLong(blocks);
        switch (dist) {
            case RandomDistribution.Zipf z -> {
                double theta = z.theta();
                long terms = Math.min(n, ZETA_TERMS);
                for (long i = 1; i <= terms; i++) {
                    zetan += Math.pow(1.0 / i, theta);
                }
                double zeta2 = 1.0 + Math.pow(0.5, theta);
                secondRank = zeta2;
                alpha = 1.0 / (1.0 - theta);
                eta = (1.0 - Math.pow(2.0 / n, 1.0 - theta)) / (1.0 - zeta2 / zetan);
                offset = centered(z.center(), drawnOffset);
            }
            case RandomDistribution.Pareto p -> {
                power = Math.log(p.h()) / Math.log(1.0 - p.h());
                offset = centered(p.center(), drawnOffset);
            }
            case RandomDistribution.Normal g -> {
                if (g.dev() != 0) {
                    jitter = Math.min((long) Math.ceil(n * g.dev() / 100.0), n / 2);
                }
                // fio: the mean sits mid-file; a center moves it by (center - 0.5) of the file
                double c = g.center() == RandomDistribution.NO_CENTER ? 0.5 : g.center();
                offset = Math.floorMod((long) (n * (c - 0.5)), n);
            }
            case RandomDistribution.Zoned z -> {
                offset = 0;
                zones(z);
            }
            case RandomDistribution.Uniform u -> offset = 0;
        }
    }

    /** fio's center puts rank 0 at that fraction of the file; without one, the offset drawn from the seed. */
    private long centered(double center, long drawn) {
        return center == RandomDistribution.NO_CENTER ? drawn : Math.min(n - 1, (long) (n * center));
    }

    /** Lays the zones out over the file: a table of 100 percent points, each naming its zone's blocks. */
    private void zones(RandomDistribution.Zoned z) {
        zoneStart = new long[101];
        zoneLength = new long[101];
        long startPercentOrBytes = 0;
        int point = 1;
        for (RandomDistribution.Zone zone : z.zones()) {
            long first;
            long count;
            if (z.absolute()) {
                first = startPercentOrBytes; // bytes, turned into blocks by the caller's unit: see blocksOf
                count = zone.extent();
            } else {
                first = startPercentOrBytes * n / 100;
                count = n * zone.extent() / 100;
            }
            startPercentOrBytes += zone.extent();
            for (int k = 0; k < zone.access(); k++, point++) {
                zoneStart[point] = first;
                zoneLength[point] = count;
            }
        }
    }

    /** zoned_abs gives bytes: the caller turns them into blocks of {@code unit} once it knows it. */
    SkewedBlocks inUnits(long unit) {
        if (dist instanceof RandomDistribution.Zoned z && z.absolute()) {
            for (int p = 1; p <= 100; p++) {
                zoneStart[p] /= unit;
                zoneLength[p] /= unit;
            }
        }
        return this;
    }

    long next() {
        long rank;
        switch (dist) {
            case RandomDistribution.Zipf z -> {
                double u = random.nextDouble();
                double uz = u * zetan;
                long v;
                if (uz < 1.0) {
                    v = 1;
                } else if (uz < secondRank) {
                    v = 2;
                } else {
                    v = 1 + (long) (n * Math.pow(eta * u - eta + 1.0, alpha));
                }
                rank = v - 1;
            }
            case RandomDistribution.Pareto p -> rank = (long) ((n - 1) * Math.pow(random.nextDouble(), power));
            case RandomDistribution.Normal g -> {
                long sum = 0;
                for (int i = 0; i < NORMAL_DRAWS; i++) {
                    sum += random.nextLong(n + 1);
                }
                sum = (sum + NORMAL_DRAWS - 1) / NORMAL_DRAWS;
                if (jitter > 0) {
                    long d = (long) (jitter * random.nextDouble()) - jitter / 2;
                    while (d + sum >= n) {
                        d /= 2;
                    }
                    sum += d;
                }
                rank = Math.max(0, sum);
            }
            case RandomDistribution.Zoned z -> {
                int point = 1 + random.nextInt(100);
                long len = zoneLength[point];
                return Math.min(n - 1, zoneStart[point] + (len > 0 ? random.nextLong(len) : 0));
            }
            case RandomDistribution.Uniform u -> {
                return random.nextLong(n);
            }
        }
        return Long.remainderUnsigned(rank * SCATTER + offset, n);
    }
}
