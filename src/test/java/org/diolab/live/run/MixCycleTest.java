package org.diolab.live.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** A mixed job's directions, drawn as fio draws them: the share of reads converges on rwmixread. */
class MixCycleTest {
    @Test
    void theShareOfReadsIsRwmixread() {
        for (int pct : new int[] {0, 30, 50, 70, 100}) {
            MixCycle mix = new MixCycle(new SplittableRandom(7), pct);
            int reads = 0;
            int n = 100_000;
            for (int i = 0; i < n; i++) {
                reads += mix.nextIsRead() ? 1 : 0;
            }
            assertThat(reads / (double) n)
                    .as("rwmixread %d", pct)
                    .isCloseTo(pct / 100.0, org.assertj.core.data.Offset.offset(0.01));
        }
    }

    @Test
    void theSameSeedGivesTheSameSequence() {
        MixCycle a = new MixCycle(new SplittableRandom(3), 70);
        MixCycle b = new MixCycle(new SplittableRandom(3), 70);
        for (int i = 0; i < 1000; i++) {
            assertThat(a.nextIsRead()).isEqualTo(b.nextIsRead());
        }
    }
}
