package org.diolab.live.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicLong;
import org.diolab.live.LiveTestSupport;
import org.diolab.live.job.CancelToken;
import org.diolab.live.job.CsumMode;
import org.diolab.live.job.JobSpec;
import org.diolab.live.job.Progress;
import org.diolab.live.job.RwPattern;
import org.diolab.live.report.JobResult;
import org.diolab.live.scratch.ScratchDir;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A session lays out a file once and reuses it while its content is known: checked jobs (checksums, verify) skip the
 * layout when the file still holds their pattern, and lay it out again once a mutator has changed what it holds.
 */
class JobFilesTest {
    @TempDir
    Path dir;

    private final JobSpec.Builder checked = LiveTestSupport.small().name("c").csum(CsumMode.SYNC);

    /** Bytes laid out before the clock started, and the result. */
    private record Run(long laidOut, JobResult result) {}

    private static Run run(ScratchDir s, JobSpec job) {
        AtomicLong prepared = new AtomicLong();
        JobResult r = LiveEngine.run(
                s,
                job,
                LiveTestSupport.FAST,
                p -> {
                    if (p.phase() == Progress.Phase.PREPARE) {
                        prepared.accumulateAndGet(p.bytesDone(), Math::max);
                    }
                },
                new CancelToken());
        return new Run(prepared.get(), r);
    }

    @Test
    void checkedJobsReuseAFileThatStillHoldsTheirPatternAndRelayItOutAfterAMutatorWroteIt() throws Exception {
        try (ScratchDir s = ScratchDir.open(dir)) {
            JobSpec write = checked.rw(RwPattern.RANDWRITE).build();
            JobSpec read = checked.rw(RwPattern.RANDREAD).build();
            assertThat(run(s, write).laidOut()).isEqualTo(write.size());

            Run again = run(s, read);
            assertThat(again.laidOut())
                    .as("the write left its pattern: nothing to lay out")
                    .isZero();
            assertThat(again.result().races().csumBlocksCheckedOnRead()).isEqualTo(read.size() / JobSpec.BLOCK);
            assertThat(again.result().races().csumMismatchesOnRead()).isZero();

            JobSpec mutated = write.toBuilder().csum(CsumMode.NONE).mutators(1).build();
            assertThat(run(s, mutated).laidOut()).isZero(); // unchecked: any written file will do
            Run after = run(s, read);
            assertThat(after.laidOut()).as("a mutator changed the content").isEqualTo(read.size());
            assertThat(after.result().races().csumMismatchesOnRead()).isZero();
        }
    }

    @Test
    void jobsOfDifferentSizesRunRoundRobinKeepTheirOwnFiles() throws Exception {
        try (ScratchDir s = ScratchDir.open(dir)) {
            JobSpec big = LiveTestSupport.small().name("big").rw(RwPattern.READ).build();
            JobSpec small = big.toBuilder().name("small").size(1 << 20).build();
            assertThat(run(s, big).laidOut()).isEqualTo(big.size());
            assertThat(run(s, small).laidOut()).isEqualTo(small.size());
            assertThat(run(s, big).laidOut())
                    .as("the big file stayed while the small job ran")
                    .isZero();
            assertThat(run(s, small).laidOut()).isZero();
            assertThat(s.files()).hasSize(2);
        }
        assertThat(LiveTestSupport.entries(dir)).isEmpty();
    }

    @Test
    void aJobWithAnotherPatternLaysOutAgain() throws Exception {
        try (ScratchDir s = ScratchDir.open(dir)) {
            run(s, checked.rw(RwPattern.READ).build());
            JobSpec other = checked.rw(RwPattern.READ).randseed(7).build();
            Run r = run(s, other);
            assertThat(r.laidOut()).isEqualTo(other.size());
            assertThat(r.result().races().csumMismatchesOnRead()).isZero();
        }
    }
}
