package org.diolab.live.report;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class FioComparisonTest {
    @Test
    void medianOfEvenAndOddCounts() {
        assertThat(FioComparison.median(new double[] {3, 1, 2})).isEqualTo(2);
        assertThat(FioComparison.median(new double[] {4, 1, 3, 2})).isEqualTo(2.5);
    }
}
