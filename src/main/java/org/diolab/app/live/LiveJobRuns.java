package org.diolab.app.live;

import java.util.List;
import org.diolab.lesson.LiveExperiment;
import org.diolab.live.job.JobSpec;
import org.diolab.live.report.JobResult;
import org.diolab.live.report.RaceCounters;
import org.diolab.live.report.Spread;

/**
 * Every run of one job of a lesson's live experiment, and what they add up to: the median and spread of its
 * bandwidth, in how many runs its checks caught a broken invariant, and whether it was big enough to leave the
 * device's cache noise behind.
 */
public record LiveJobRuns(LiveExperiment.LiveJob job, JobSpec spec, List<JobResult> runs) {
    /** Below this many bytes of files, or this long a run, a device (or VM host) cache may serve the job. */
    static final long SMALL_BYTES = 1L << 30;

    static final double SHORT_SECONDS = 2.0;

    public LiveJobRuns {
        runs = List.copyOf(runs);
    }

    public Spread mibPerSecond() {
        return Spread.of(runs.stream()
                .mapToDouble(r -> r.totalBytesPerSecond() / (1 << 20))
                .toArray());
    }

    public Spread iops() {
        return Spread.of(runs.stream()
                .mapToDouble(r -> r.read().iops() + r.write().iops())
                .toArray());
    }

    public Spread p99Micros() {
        return Spread.of(runs.stream()
                .mapToDouble(
                        r -> Math.max(r.read().clat().p99(), r.write().clat().p99()) / 1000.0)
                .toArray());
    }

    /** Runs whose checks caught a broken invariant (mirrors, checksums or data). */
    public int runsWithViolations() {
        return (int) runs.stream().filter(r -> r.races().anyViolation(spec)).count();
    }

    /** Whether verify errors mean broken data: not for writes of buffers a mutator keeps changing. */
    boolean dataErrorsCount() {
        return RaceCounters.dataErrorsCount(spec);
    }

    /** The largest count of each race counter over the runs. */
    public RaceCounters worstRaces() {
        RaceCounters worst = RaceCounters.none();
        for (JobResult r : runs) {
            RaceCounters c = r.races();
            worst = new RaceCounters(
                    Math.max(worst.mutatorStores(), c.mutatorStores()),
                    Math.max(worst.mirrorBlocksCompared(), c.mirrorBlocksCompared()),
                    Math.max(worst.mirrorBlocksDiffering(), c.mirrorBlocksDiffering()),
                    Math.max(worst.csumBlocksCheckedOnRead(), c.csumBlocksCheckedOnRead()),
                    Math.max(worst.csumMismatchesOnRead(), c.csumMismatchesOnRead()),
                    Math.max(worst.csumBlocksCheckedOnDisk(), c.csumBlocksCheckedOnDisk()),
                    Math.max(worst.csumMismatchesOnDisk(), c.csumMismatchesOnDisk()),
                    Math.max(worst.verifyBlocks(), c.verifyBlocks()),
                    Math.max(worst.verifyErrors(), c.verifyErrors()),
                    Math.max(worst.eagains(), c.eagains()));
        }
        return worst;
    }

    /** Median seconds a run lasted. */
    public double seconds() {
        return Spread.of(runs.stream().mapToDouble(r -> r.elapsedNanos() / 1e9).toArray())
                .median();
    }

    /**
     * Too small to say much about bandwidth: less than {@link #SMALL_BYTES} of files, or runs shorter than
     * {@link #SHORT_SECONDS}, which a device's (or a VM host's) cache and timer noise can dominate.
     */
    public boolean small() {
        return spec.footprintBytes() < SMALL_BYTES || seconds() < SHORT_SECONDS;
    }

    /** Whether every run's user buffers were backed by huge pages. */
    public boolean hugePages() {
        return runs.stream().allMatch(JobResult::hugePageBuffers);
    }

    /** Whether some run found the filesystem turning O_DIRECT into buffered I/O. */
    public boolean directWasBuffered() {
        return spec.mode().usesODirect() && runs.stream().anyMatch(r -> !r.directBypassesCache());
    }
}
