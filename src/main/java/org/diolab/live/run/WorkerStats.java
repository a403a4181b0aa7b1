package org.diolab.live.run;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.HdrHistogram.Histogram;
import org.diolab.live.job.JobSpec;
import org.diolab.live.report.AccessMix;
import org.diolab.live.report.DirectionStats;
import org.diolab.live.report.IoDepths;
import org.diolab.live.report.LatencySummary;
import org.diolab.live.report.RaceCounters;
import org.jspecify.annotations.Nullable;

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
    /** RWF_NOWAIT I/Os the kernel answered EAGAIN, each then reissued without the flag. */
    long eagains;
    /** I/Os issued per depth bucket ({@link IoDepths#bucket}). */
    final long[] depths = new long[IoDepths.LABELS.size()];

    volatile Throwable failure;

    /** What the worker picked its offsets and sizes with (set when it starts its loop; null if it never did). */
    @Nullable
    IoPicker readPicker;

    @Nullable
    IoPicker writePicker;

    /** What filled the written buffers under fio's dedupe/compress settings, or null. */
    @Nullable
    WriteContent content;

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

    /** The workers' check counters, summed, plus the run-wide ones. */
    static RaceCounters raceCounters(WorkerStats[] stats, long mutatorStores, long eagains) {
        for (WorkerStats s : stats) {
            eagains += s.eagains;
        }
        long csumChecked = 0;
        long csumBad = 0;
        long verifyBlocks = 0;
        long verifyErrors = 0;
        for (WorkerStats s : stats) {
            csumChecked += s.csumCheckedOnRead;
            csumBad += s.csumMismatchesOnRead;
            verifyBlocks += s.verifyBlocks;
            verifyErrors += s.verifyErrors;
        }
        return new RaceCounters(mutatorStores, 0, 0, csumChecked, csumBad, 0, 0, verifyBlocks, verifyErrors, eagains);
    }

    /** The workers' depth counts, summed. */
    static IoDepths depths(WorkerStats[] stats) {
        long[] sum = new long[IoDepths.LABELS.size()];
        for (WorkerStats s : stats) {
            for (int b = 0; b < sum.length; b++) {
                sum[b] += s.depths[b];
            }
        }
        return new IoDepths(java.util.Arrays.stream(sum).boxed().toList());
    }

    /** One direction's totals over all workers, with merged latency histograms (group_reporting). */
    static DirectionStats direction(WorkerStats[] stats, boolean read, long elapsed) {
        Histogram merged = new Histogram(WorkerStats.MAX_LATENCY_NS, 3);
        long bytes = 0;
        for (WorkerStats s : stats) {
            merged.add(read ? s.readLatency : s.writeLatency);
            bytes += read ? s.readBytes.get() : s.writeBytes.get();
        }
        if (merged.getTotalCount() == 0) {
            return DirectionStats.none();
        }
        return new DirectionStats(bytes, merged.getTotalCount(), elapsed, LatencySummary.of(merged));
    }

    /**
     * The I/Os per split size over all workers and the hit profile of a skewed distribution; {@link AccessMix#NONE}
     * for a job with one bs and uniform offsets.
     */
    static AccessMix access(WorkerStats[] stats, JobSpec job) {
        boolean split = !job.access().split().isNone();
        List<AccessMix.SizeCount> reads = split && job.rw().reads() ? sizes(stats, true) : List.of();
        List<AccessMix.SizeCount> writes = split && job.rw().writes() ? sizes(stats, false) : List.of();
        List<int[]> hits = new ArrayList<>();
        for (WorkerStats w : stats) {
            if (w.readPicker != null && w.readPicker.hits != null) {
                hits.add(w.readPicker.hits); // both directions of a random job count into one set per file
            }
        }
        long unique = 0;
        long repeated = 0;
        for (WorkerStats w : stats) {
            if (w.content != null) {
                unique += w.content.uniqueWrites;
                repeated += w.content.repeatedWrites;
            }
        }
        AccessMix mix = new AccessMix(reads, writes, AccessMix.HitProfile.of(hits), unique, repeated);
        return mix.present() ? mix : AccessMix.NONE;
    }

    private static List<AccessMix.SizeCount> sizes(WorkerStats[] stats, boolean read) {
        List<AccessMix.SizeCount> out = new ArrayList<>();
        for (WorkerStats w : stats) {
            IoPicker p = read ? w.readPicker : w.writePicker;
            if (p == null) {
                continue;
            }
            long[] sizes = p.sizes();
            for (int i = 0; i < sizes.length; i++) {
                int at = -1;
                for (int j = 0; j < out.size(); j++) {
                    if (out.get(j).bs() == sizes[i]) {
                        at = j;
                    }
                }
                if (at < 0) {
                    out.add(new AccessMix.SizeCount(sizes[i], p.counts[i]));
                } else {
                    out.set(at, new AccessMix.SizeCount(sizes[i], out.get(at).ios() + p.counts[i]));
                }
            }
        }
        return out;
    }
}
