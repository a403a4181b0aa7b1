package org.diolab.perf;

import java.util.List;

/**
 * The stages one write or read goes through. Throughput is 1 / (sum of the serial stages' costs + the largest
 * overlapped stage's cost): with nothing overlapped that is 1/Σ(1/stage), as in S004's "before"; with the checksum
 * overlapping the device it is 1/(1/memory + max(1/crc, 1/device)), S004's "after".
 */
public record Pipeline(List<StageCost> stages) {
    public Pipeline {
        stages = List.copyOf(stages);
        if (stages.isEmpty()) {
            throw new IllegalArgumentException("a pipeline needs at least one stage");
        }
    }

    public static Pipeline of(StageCost... stages) {
        return new Pipeline(List.of(stages));
    }

    /** Predicted throughput in GiB/s. */
    public double throughput() {
        double serial = stages.stream()
                .filter(s -> !s.overlapped())
                .mapToDouble(StageCost::cost)
                .sum();
        double overlapped = stages.stream()
                .filter(StageCost::overlapped)
                .mapToDouble(StageCost::cost)
                .max()
                .orElse(0);
        return 1 / (serial + overlapped);
    }

    /** The stage that costs the most: where to look first. */
    public StageCost bottleneck() {
        return stages.stream()
                .max(java.util.Comparator.comparingDouble(StageCost::cost))
                .orElseThrow();
    }
}
