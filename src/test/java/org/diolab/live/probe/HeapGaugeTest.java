package org.diolab.live.probe;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/** The explorer's heap limit, on a simulated heap: only live data (what a collection leaves) counts. */
class HeapGaugeTest {
    private static final long MAX = 1_000_000;
    private final AtomicLong used = new AtomicLong();
    private final AtomicLong live = new AtomicLong();
    private final AtomicInteger collections = new AtomicInteger();
    private final HeapGauge gauge = new HeapGauge(MAX, used::get, () -> {
        collections.incrementAndGet();
        used.set(live.get());
    });

    @Test
    void belowTheShareItNeitherStopsNorCollects() {
        used.set(700_000);

        assertThat(gauge.test(10)).isFalse();
        assertThat(collections).hasValue(0);
    }

    @Test
    void aHeapFullOfGarbageIsCollectedOnceAndTheSearchGoesOn() {
        used.set(900_000);
        live.set(300_000);

        assertThat(gauge.test(10)).isFalse();
        used.set(330_000 + 400_000); // grown, but not by much since the collection: no second one
        assertThat(gauge.test(20)).isFalse();
        assertThat(collections).hasValue(1);
    }

    @Test
    void aHeapFullOfLiveDataStopsTheSearch() {
        used.set(800_000);
        live.set(760_000);

        assertThat(gauge.test(10)).isTrue();
        assertThat(gauge.test(11)).isTrue();
        assertThat(collections).hasValue(1);
    }

    @Test
    void theDefaultStateBudgetIsWhatTheShareOfTheHeapHolds() {
        HeapGauge gib = new HeapGauge(1L << 30, () -> 0, () -> {});

        assertThat(gib.stateBudget()).isEqualTo((int) ((1L << 30) * HeapGauge.SHARE / HeapGauge.BYTES_PER_STATE));
        assertThat(HeapGauge.jvm().maxBytes()).isEqualTo(Runtime.getRuntime().maxMemory());
    }
}
