package org.diolab.live.run;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.diolab.live.job.CancelToken;
import org.diolab.live.job.JobSpec;
import org.diolab.live.job.Progress;
import org.diolab.live.job.ProgressListener;
import org.diolab.live.job.RunOptions;
import org.diolab.live.report.BandwidthSample;

/**
 * Watches a running job from its coordinating thread: every interval it sums the workers' byte counters into a
 * {@link BandwidthSample} and reports {@link Progress}. Reading the counters costs the workers nothing; they never
 * wait for the sampler.
 */
final class BandwidthSampler {
    private final JobSpec job;
    private final RunOptions options;
    private final ProgressListener listener;
    private final CancelToken user;

    BandwidthSampler(JobSpec job, RunOptions options, ProgressListener listener, CancelToken user) {
        this.job = job;
        this.options = options;
        this.listener = listener;
        this.user = user;
    }

    /** Samples the workers' byte counters on a fixed schedule until they are all done. */
    List<BandwidthSample> sampleUntilDone(WorkerStats[] stats, long start, CountDownLatch done) {
        long interval = options.sampleInterval().toNanos();
        long total = job.timeBased() ? -1 : job.size() * job.numjobs();
        List<BandwidthSample> samples = new ArrayList<>();
        long lastT = start;
        long[] last = new long[4];
        boolean finished = false;
        while (!finished) {
            long wait = lastT + interval - System.nanoTime();
            try {
                finished = done.await(Math.max(0, wait), TimeUnit.NANOSECONDS);
            } catch (InterruptedException e) {
                user.cancel(); // the caller's thread was interrupted: treat it as a cancel, then clean up
                Thread.currentThread().interrupt();
                finished = awaitQuietly(done);
            }
            long now = System.nanoTime();
            long[] cur = new long[4];
            for (WorkerStats s : stats) {
                cur[0] += s.readBytes.getAcquire();
                cur[1] += s.writeBytes.getAcquire();
                cur[2] += s.readIos.getAcquire();
                cur[3] += s.writeIos.getAcquire();
            }
            boolean moved = cur[0] != last[0] || cur[1] != last[1];
            if (!finished || moved) { // the last, partial interval too: the samples must add up to the totals
                samples.add(new BandwidthSample(
                        lastT - start,
                        now - lastT,
                        cur[0] - last[0],
                        cur[1] - last[1],
                        cur[2] - last[2],
                        cur[3] - last[3]));
            }
            BandwidthSample latest = samples.isEmpty() ? null : samples.getLast();
            listener.onProgress(new Progress(
                    job.name(),
                    Progress.Phase.RUN,
                    cur[0] + cur[1],
                    total,
                    now - start,
                    job.runtime().toNanos(),
                    latest == null ? 0 : latest.totalMiBps()));
            lastT = now;
            last = cur;
        }
        return samples;
    }

    private static boolean awaitQuietly(CountDownLatch done) {
        while (true) {
            try {
                return done.await(1, TimeUnit.SECONDS) || done.getCount() == 0;
            } catch (InterruptedException again) {
                // keep waiting: workers stop within one I/O of the cancel, and their buffers must outlive them
            }
        }
    }
}
