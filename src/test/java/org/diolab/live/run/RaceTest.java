package org.diolab.live.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.function.ToLongFunction;
import org.diolab.live.LiveTestSupport;
import org.diolab.live.job.CsumMode;
import org.diolab.live.job.JobSpec;
import org.diolab.live.job.Mode;
import org.diolab.live.job.RwPattern;
import org.diolab.live.report.RaceCounters;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The seeds' races, for real: a thread storing into the buffer during zero-copy I/O makes mirrors diverge and
 * checksums lie (S003), and makes good reads fail their checksum (S000). A bounce copy makes all of it go away.
 */
class RaceTest {
    @TempDir
    Path dir;

    /** A small 4 MiB job with one mutator storing into its buffer. */
    private static JobSpec mutated(RwPattern rw, Mode mode, CsumMode csum, int mirrors) {
        return LiveTestSupport.small()
                .size(4 << 20)
                .rw(rw)
                .mode(mode)
                .mirrors(mirrors)
                .mutators(1)
                .csum(csum)
                .build();
    }

    /** {@code counter} shows the race in one of the zero-copy tries, and stays zero of {@code checked} with bounce. */
    private void racesShowButNeverInBounce(
            JobSpec job, ToLongFunction<RaceCounters> counter, ToLongFunction<RaceCounters> checked) {
        assertThat(MutatorRuns.firstNonZero(dir, job, counter)).isPositive();
        MutatorRuns.neverInBounce(dir, job, 3, counter, checked);
    }

    @ParameterizedTest
    @EnumSource(
            value = CsumMode.class,
            names = {"NONE", "SYNC"})
    void zeroCopyMirrorsDivergeUnderAMutatorButNeverWithBounce(CsumMode csum) {
        racesShowButNeverInBounce(
                mutated(RwPattern.WRITE, Mode.DIRECT, csum, 2),
                RaceCounters::mirrorBlocksDiffering,
                RaceCounters::mirrorBlocksCompared);
    }

    @ParameterizedTest
    @EnumSource(
            value = CsumMode.class,
            names = {"SYNC", "ASYNC"})
    void zeroCopyChecksumsMismatchTheDiskButNeverWithBounce(CsumMode csum) {
        racesShowButNeverInBounce(
                mutated(RwPattern.WRITE, Mode.DIRECT, csum, 1),
                RaceCounters::csumMismatchesOnDisk,
                RaceCounters::csumBlocksCheckedOnDisk);
    }

    @ParameterizedTest
    @EnumSource(
            value = Mode.class,
            names = {"DIRECT", "BUFFERED"})
    void storesIntoAReadBufferFailGoodDataButNeverWithBounce(Mode mode) {
        racesShowButNeverInBounce(
                mutated(RwPattern.READ, mode, CsumMode.SYNC, 1),
                RaceCounters::csumMismatchesOnRead,
                RaceCounters::csumBlocksCheckedOnRead);
    }
}
