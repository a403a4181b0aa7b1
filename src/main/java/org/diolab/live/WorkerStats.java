package org.diolab.live;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.HdrHistogram.Histogram;

/**
 * One worker thread's measurements. The histograms and check counters are written only by the worker and read
 * after it is joined; the byte counters are also read while it runs (progress, bandwidth samples), so they are
 * atomics the worker publishes with a release store: one writer, no read-modify-write in the hot loop.
 */
final class WorkerStats {
    /** Anything slower than this is clamped: a latency histogram must not throw in the middle of a run. */
    static final long MAX_LATENCY_NS = TimeUnit.MINUTES.toNanos(10);

    final Histogram readLatency = new Histogram(MAX_LATENCY_NS, 3);
    final Histogram writeLatency = new Histogram(MAX_LATENCY_NS, 3);
    final AtomicLong readBytes = new AtomicLong();
    final AtomicLong writeBytes = new AtomicLong();
    final AtomicLong readIos = new AtomicLong();
    final AtomicLong writeIos = new AtomicLong();
    long endNanos;
    long csumCheckedOnRead;
    long csumMismatchesOnRead;
    long verifyBlocks;
    long verifyErrors;
    volatile Throwable failure;

    void recordRead(long latencyNs, long bytes) {
        readLatency.recordValue(Math.min(latencyNs, MAX_LATENCY_NS));
        readBytes.setRelease(readBytes.getPlain() + bytes);
        readIos.setRelease(readIos.getPlain() + 1);
    }

    void recordWrite(long latencyNs, long bytes) {
        writeLatency.recordValue(Math.min(latencyNs, MAX_LATENCY_NS));
        writeBytes.setRelease(writeBytes.getPlain() + bytes);
        writeIos.setRelease(writeIos.getPlain() + 1);
    }
}
