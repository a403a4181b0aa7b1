package org.diolab.live.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import org.diolab.live.job.FioJobFile;
import org.diolab.live.job.JobSpec;
import org.diolab.live.report.AccessMix;
import org.junit.jupiter.api.Test;

/** Offsets and sizes as fio picks them for bssplit, blockalign and the skewed distributions. */
class IoPickerTest {
    private static JobSpec job(String options) {
        return FioJobFile.parse("[j]\n" + options.replace(' ', '\n') + "\n", "t.fio")
                .jobs()
                .getFirst();
    }

    @Test
    void theSizeMixFollowsTheSplitAndEveryIoFitsInTheFileOnItsUnit() {
        JobSpec j = job("rw=randread size=4m bssplit=4k/60:64k/30:16k/10");
        IoPicker p = IoPicker.of(j, true, 7, null);
        int n = 200_000;
        for (int i = 0; i < n; i++) {
            long off = p.next();
            assertThat(off % 4096).isZero();
            assertThat(off + p.length).isLessThanOrEqualTo(j.size());
        }
        long[] sizes = p.sizes();
        assertThat(sizes).containsExactly(4096, 65536, 16384);
        // 64k draws near the end shrink to the largest size that fits (16k or 4k): a few tenths of a percent
        assertThat((double) p.counts[0] / n).isBetween(0.59, 0.61);
        assertThat((double) p.counts[1] / n).isBetween(0.29, 0.31);
        assertThat((double) p.counts[2] / n).isBetween(0.09, 0.11);
    }

    @Test
    void sequentialSplitIosFollowEachOtherAndWrap() {
        JobSpec j = job("rw=write size=1m bssplit=4k/50:64k/50");
        IoPicker p = IoPicker.of(j, false, 3, null);
        long expected = 0;
        for (int i = 0; i < 10_000; i++) {
            long off = p.next();
            assertThat(off).isEqualTo(expected);
            expected = off + p.length == j.size() ? 0 : off + p.length;
        }
    }

    @Test
    void theSameSeedPicksTheSameIos() {
        JobSpec j = job("rw=randrw size=8m bssplit=4k/50:8k/50 random_distribution=pareto:0.9");
        IoPicker a = IoPicker.of(j, true, 11, null);
        IoPicker b = IoPicker.of(j, true, 11, null);
        for (int i = 0; i < 5000; i++) {
            assertThat(a.next()).isEqualTo(b.next());
            assertThat(a.length).isEqualTo(b.length);
        }
    }

    @Test
    void zipfConcentratesTheIosAsItsThetaSays() {
        // 4096 blocks, theta 1.2: zipf's share of the top 1% of ranks is H(41,1.2)/H(4096,1.2), 0.69; Gray's method
        // (fio's) is exact for ranks 1 and 2 and approximates the rest, which puts a little more on the head
        JobSpec j = job("rw=randread size=16m random_distribution=zipf:1.2");
        IoPicker p = IoPicker.of(j, true, 5, null);
        for (int i = 0; i < 400_000; i++) {
            p.next();
        }
        double top1 =
                AccessMix.HitProfile.of(java.util.List.of(p.hits)).hottest().get(0);
        double expected = harmonic(41, 1.2) / harmonic(4096, 1.2);
        assertThat(top1).isBetween(expected - 0.01, expected + 0.025);
    }

    @Test
    void zonesGetTheirShareOfTheIos() {
        // fio's rand-zones.fio: 50% of the I/O to the first 5%, 30% to the next 15%, 20% to the rest
        JobSpec j = job("rw=randread size=16m norandommap random_distribution=zoned:50/5:30/15:20/");
        IoPicker p = IoPicker.of(j, true, 9, null);
        long blocks = j.size() / j.bs();
        long[] zone = new long[3];
        int n = 100_000;
        for (int i = 0; i < n; i++) {
            long b = p.next() / j.bs();
            zone[b < blocks * 5 / 100 ? 0 : b < blocks * 20 / 100 ? 1 : 2]++;
        }
        assertThat(Arrays.stream(zone).mapToDouble(z -> (double) z / n).toArray())
                .containsExactly(new double[] {0.5, 0.3, 0.2}, org.assertj.core.data.Offset.offset(0.01));
    }

    @Test
    void theNormalDistributionHasTheIrwinHallSpreadBeforeItsRanksAreScattered() {
        // without jitter the rank is the mean of 12 uniform draws: its spread is n/12; ranks are scattered over the
        // file afterwards, so the profile says how concentrated it is: the hottest 25% of blocks take most I/Os
        JobSpec j = job("rw=randread size=16m random_distribution=normal:0");
        IoPicker p = IoPicker.of(j, true, 13, null);
        for (int i = 0; i < 200_000; i++) {
            p.next();
        }
        AccessMix.HitProfile h = AccessMix.HitProfile.of(java.util.List.of(p.hits));
        // +-1.15 sigma (sigma = n/12) covers 75% of a normal and is 19% of the file: the top 25% takes over 80%
        assertThat(h.hottest().get(3)).isGreaterThan(0.8);
        assertThat(h.unhit()).isGreaterThan(0.3);
    }

    private static double harmonic(long n, double theta) {
        double s = 0;
        for (long i = 1; i <= n; i++) {
            s += Math.pow(1.0 / i, theta);
        }
        return s;
    }
}
