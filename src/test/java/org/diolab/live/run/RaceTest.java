package org.diolab.live.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.function.ToLongFunction;
import org.diolab.live.LiveTestSupport;
import org.diolab.live.job.CsumMode;
import org.diolab.live.job.JobSpec;
import org.diolab.live.job.Mode;
import org.diolab.live.job.RwPattern;
import org.diolab.live.report.JobResult;
import org.diolab.live.report.RaceCounters;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The seeds' races, for real: a thread storing into the buffer during zero-copy I/O makes mirrors diverge and
 * checksums lie (S003), and makes good reads fail their checksum (S000). A bounce copy makes all of it go away.
 */
class RaceTest {
    /**
     * Zero-copy races show within this many small runs (64 I/Os of 64 KiB each). They need the mutator on another
     * CPU at the right moment, which a busy 2-CPU machine does not grant every run; standalone, nearly every run
     * shows them.
     */
    private static final int TRIES = 20;

    @TempDir
    Path dir;

    private long firstNonZero(JobSpec job, ToLongFunction<RaceCounters> counter) {
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

    private void neverInBounce(
            JobSpec job, ToLongFunction<RaceCounters> counter, ToLongFunction<RaceCounters> checked) {
        for (int i = 0; i < 3; i++) {
            JobResult r = LiveTestSupport.run(
                    dir, job.toBuilder().mode(Mode.BOUNCE).randseed(i).build());
            assertThat(r.races().mutatorStores()).as("the mutator ran").isPositive();
            assertThat(checked.applyAsLong(r.races())).isPositive();
            assertThat(counter.applyAsLong(r.races())).isZero();
        }
    }

    @ParameterizedTest
    @EnumSource(
            value = CsumMode.class,
            names = {"NONE", "SYNC"})
    void zeroCopyMirrorsDivergeUnderAMutatorButNeverWithBounce(CsumMode csum) {
        JobSpec job = LiveTestSupport.small()
                .size(4 << 20)
                .rw(RwPattern.WRITE)
                .mode(Mode.DIRECT)
                .mirrors(2)
                .mutators(1)
                .csum(csum)
                .build();
        assertThat(firstNonZero(job, RaceCounters::mirrorBlocksDiffering)).isPositive();
        neverInBounce(job, RaceCounters::mirrorBlocksDiffering, RaceCounters::mirrorBlocksCompared);
    }

    @ParameterizedTest
    @EnumSource(
            value = CsumMode.class,
            names = {"SYNC", "ASYNC"})
    void zeroCopyChecksumsMismatchTheDiskButNeverWithBounce(CsumMode csum) {
        JobSpec job = LiveTestSupport.small()
                .size(4 << 20)
                .rw(RwPattern.WRITE)
                .mode(Mode.DIRECT)
                .mutators(1)
                .csum(csum)
                .build();
        assertThat(firstNonZero(job, RaceCounters::csumMismatchesOnDisk)).isPositive();
        neverInBounce(job, RaceCounters::csumMismatchesOnDisk, RaceCounters::csumBlocksCheckedOnDisk);
    }

    @ParameterizedTest
    @EnumSource(
            value = Mode.class,
            names = {"DIRECT", "BUFFERED"})
    void storesIntoAReadBufferFailGoodDataButNeverWithBounce(Mode mode) {
        JobSpec job = LiveTestSupport.small()
                .size(4 << 20)
                .rw(RwPattern.READ)
                .mode(mode)
                .mutators(1)
                .csum(CsumMode.SYNC)
                .build();
        assertThat(firstNonZero(job, RaceCounters::csumMismatchesOnRead)).isPositive();
        neverInBounce(job, RaceCounters::csumMismatchesOnRead, RaceCounters::csumBlocksCheckedOnRead);
    }
}
