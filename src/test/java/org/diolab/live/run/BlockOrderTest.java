package org.diolab.live.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.BitSet;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.LongRange;
import org.diolab.PropertySeeds;

class BlockOrderTest {
    // Fixed seeds here (PropertySeeds): the same file sizes and orders each build; -Djqwik.seeds=random tries others.
    @Property(tries = 200, seed = PropertySeeds.CI)
    void randomOrderVisitsEveryBlockOncePerPass(
            @ForAll @LongRange(min = 1, max = 5000) long blocks, @ForAll long seed) {
        BlockOrder order = BlockOrder.random(blocks, seed);
        for (int pass = 0; pass < 2; pass++) {
            BitSet seen = new BitSet();
            for (long i = 0; i < blocks; i++) {
                long b = order.next();
                assertThat(b).isBetween(0L, blocks - 1);
                assertThat(seen.get((int) b))
                        .as("block %d twice in pass %d", b, pass)
                        .isFalse();
                seen.set((int) b);
            }
            assertThat(seen.cardinality()).isEqualTo((int) blocks);
        }
    }

    @Property(tries = 50, seed = PropertySeeds.CI)
    void sequentialOrderWrapsAround(@ForAll @LongRange(min = 1, max = 100) long blocks) {
        BlockOrder order = BlockOrder.sequential(blocks);
        for (long i = 0; i < 3 * blocks; i++) {
            assertThat(order.next()).isEqualTo(i % blocks);
        }
    }

    // "Not sequential" is judged on the orders this seed draws: a fixed seed keeps a rare near-sorted one out of CI.
    @Property(tries = 20, seed = PropertySeeds.CI)
    void randomOrderIsNotSequential(@ForAll long seed) {
        BlockOrder order = BlockOrder.random(4096, seed);
        int ascendingNeighbours = 0;
        long prev = order.next();
        for (int i = 1; i < 4096; i++) {
            long b = order.next();
            if (b == prev + 1) {
                ascendingNeighbours++;
            }
            prev = b;
        }
        assertThat(ascendingNeighbours).isLessThan(20); // a uniform shuffle has about one
    }
}
