package org.diolab.live.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.function.ToLongFunction;
import org.diolab.live.LiveTestSupport;
import org.diolab.live.job.JobSpec;
import org.diolab.live.job.Mode;
import org.diolab.live.report.JobResult;
import org.diolab.live.report.RaceCounters;

/** Runs of a job whose mutator stores into its buffers: the seeds' races show under zero-copy, never with bounce. */
final class MutatorRuns {
    /**
     * Zero-copy races show within this many small runs (64 I/Os of 64 KiB each). They need the mutator on another
     * CPU at the right moment, which a busy 2-CPU machine does not grant every run; standalone, nearly every run
     * shows them.
     */
    static final int TRIES = 20;

    private MutatorRuns() {}

    /** The first non-zero {@code counter} of up to {@link #TRIES} runs on their own seeds; 0 when none showed it. */
    static long firstNonZero(Path dir, JobSpec job, ToLongFunction<RaceCounters> counter) {
        for (int i = 0; i < TRIES; i++) {
            JobResult r = LiveTestSupport.run(dir, job.toBuilder().randseed(i).build());
            assertThat(r.races().mutatorStores()).as("the mutator ran").isPositive();
            long n = counter.applyAsLong(r.races());
            if (n > 0) {
                return n;
            }
        }
        return 0;
    }

    /** In {@code runs} bounced runs the mutator stores, {@code checked} is positive and {@code counter} stays 0. */
    static void neverInBounce(
            Path dir,
            JobSpec job,
            int runs,
            ToLongFunction<RaceCounters> counter,
            ToLongFunction<RaceCounters> checked) {
        for (int i = 0; i < runs; i++) {
            JobResult r = LiveTestSupport.run(
                    dir, job.toBuilder().mode(Mode.BOUNCE).randseed(i).build());
            assertThat(r.races().mutatorStores()).as("the mutator ran").isPositive();
            assertThat(checked.applyAsLong(r.races())).isPositive();
            assertThat(counter.applyAsLong(r.races())).isZero();
        }
    }
}
