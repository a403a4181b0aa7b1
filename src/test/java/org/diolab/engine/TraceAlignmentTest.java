package org.diolab.engine;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.diolab.engine.op.Policy;
import org.junit.jupiter.api.Test;

class TraceAlignmentTest {
    private final Scenario s = Scenarios.raid1()
            .nodatasum()
            .page("B", "AAAA")
            .actor("app", Scenarios.write("w1", "B", 0))
            .actor("app2", Scenarios.store("B", "BBBB"))
            .build();

    @Test
    void bounceStepsLineUpWithZeroCopyAndTheFirstDifferenceIsTheFirstExtraStep() {
        Trace zc = Scenarios.run(s, Policy.ZERO_COPY, "app:submit", "leg0", "app2", "leg1");
        Trace b = Scenarios.run(s, Policy.BOUNCE, "app:submit", "leg0", "app2", "leg1");
        List<TraceAlignment.Row> rows = TraceAlignment.align(zc, b);
        // every step of both runs appears exactly once, in order
        assertThat(rows.stream()
                        .filter(r -> r.left() >= 0)
                        .map(TraceAlignment.Row::left)
                        .toList())
                .isEqualTo(
                        java.util.stream.IntStream.range(0, zc.size()).boxed().toList());
        assertThat(rows.stream()
                        .filter(r -> r.right() >= 0)
                        .map(TraceAlignment.Row::right)
                        .toList())
                .isEqualTo(java.util.stream.IntStream.range(0, b.size()).boxed().toList());
        int first = TraceAlignment.firstDifference(zc, b, rows);
        assertThat(first).as("both pin B first; bounce then allocates its page").isEqualTo(2);
        // the DMAs of leg1 pair up: same actor and label, different bytes, and only zero-copy violates there
        TraceAlignment.Row dma = rows.stream()
                .filter(r -> r.left() >= 0
                        && r.right() >= 0
                        && zc.get(r.left()).event().actor().equals("leg1"))
                .findFirst()
                .orElseThrow();
        assertThat(zc.get(dma.left()).violates("mirrors-agree")).isTrue();
        assertThat(b.get(dma.right()).violates("mirrors-agree")).isFalse();
    }

    @Test
    void aRunAlignedWithItselfHasNoDifference() {
        Trace zc = Scenarios.run(s, Policy.ZERO_COPY, "app:submit", "leg0", "app2", "leg1");
        List<TraceAlignment.Row> rows = TraceAlignment.align(zc, zc);
        assertThat(rows).allMatch(r -> r.left() == r.right());
        assertThat(TraceAlignment.firstDifference(zc, zc, rows)).isEqualTo(-1);
    }
}
