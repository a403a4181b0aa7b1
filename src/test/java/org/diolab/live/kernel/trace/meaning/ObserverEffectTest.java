package org.diolab.live.kernel.trace.meaning;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class ObserverEffectTest {
    @Test
    void runsAlternateSoADriftFallsOnBothSides() throws Exception {
        List<String> order = new ArrayList<>();
        ObserverEffect e = ObserverEffect.measure(
                3,
                () -> {
                    order.add("untraced");
                    return new RaceRate(10, 100, 1_000_000_000L);
                },
                () -> {
                    order.add("traced");
                    return new RaceRate(6, 80, 1_000_000_000L);
                });
        assertThat(order).containsExactly("untraced", "traced", "traced", "untraced", "untraced", "traced");
        assertThat(e.untraced()).isEqualTo(new RaceRate(30, 300, 3_000_000_000L));
        assertThat(e.ratio()).isEqualTo(0.6);
        assertThat(e.describe())
                .isEqualTo("race rate untraced 10.0/s, traced 6.0/s (×0.60); 10.00% → 7.50% of calls; 100 → 80 calls/s;"
                        + " 3 pair(s) of runs");
    }

    @Test
    void withoutARaceUntracedThereIsNoRatio() {
        ObserverEffect e = ObserverEffect.of(List.of(new RaceRate(0, 50, 1)), List.of(new RaceRate(1, 50, 1)));
        assertThat(e.ratio()).isNaN();
        assertThat(e.describe()).contains("no race untraced");
    }

    @Test
    void aRateCannotHaveMoreRacesThanCalls() {
        assertThatThrownBy(() -> new RaceRate(5, 4, 1)).isInstanceOf(IllegalArgumentException.class);
    }
}
