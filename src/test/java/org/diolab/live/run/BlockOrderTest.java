package org.diolab.live.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.BitSet;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.LongRange;

class BlockOrderTest {
    @Property(tries = 200)
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

    @Property(tries = 50)
    void sequentialOrderWrapsAround(@ForAll @LongRange(min = 1, max = 100) long blocks) {
        BlockOrder order = BlockOrder.sequential(blocks);
        for (long i = 0; i < 3 * blocks; i++) {
            assertThat(order.next()).isEqualTo(i % blocks);
        }
    }

    @Property(tries = 20)
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
