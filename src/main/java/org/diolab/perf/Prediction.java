package org.diolab.perf;

/** A predicted throughput, its ratio to a baseline path on the same machine, and what limits it. */
public record Prediction(IoPath path, double gibPerSec, double ratio, String bottleneck, String machine) {
    /** Predicts {@code path} against {@code baseline} on {@code m}. */
    public static Prediction of(IoPath path, IoPath baseline, MachineCosts m, boolean hwCrc) {
        Pipeline p = path.pipeline(m, hwCrc);
        double base = baseline.pipeline(m, hwCrc).throughput();
        return new Prediction(
                path, p.throughput(), p.throughput() / base, p.bottleneck().name(), m.source());
    }
}
