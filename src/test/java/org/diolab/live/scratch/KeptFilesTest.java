package org.diolab.live.scratch;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicLong;
import org.diolab.live.LiveTestSupport;
import org.diolab.live.job.CancelToken;
import org.diolab.live.job.JobSpec;
import org.diolab.live.job.Progress;
import org.diolab.live.job.RwPattern;
import org.diolab.live.run.LiveEngine;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Files kept between runs ({@code --keep-files}): named, reused, locked while used, never swept, removable. */
class KeptFilesTest {
    /** The slot of worker 0, mirror 0 of a 2 MiB job: what its kept file is named after. */
    private static final String TAG = "2m-w0-m0";

    private static final String KEPT = ".dio-lab-kept-" + TAG;
    private static final String LOCK = ".dio-lab-kept.lock";

    @TempDir
    Path dir;

    private final JobSpec read =
            LiveTestSupport.small().name("k").rw(RwPattern.RANDREAD).build();

    /** Runs {@code job} in its own session and returns the bytes it laid out before the clock started. */
    private long laidOut(JobSpec job, boolean keep) throws Exception {
        AtomicLong prepared = new AtomicLong();
        try (ScratchDir s = ScratchDir.open(dir)) {
            if (keep) {
                s.keepFiles();
            }
            LiveEngine.run(
                    s,
                    job,
                    LiveTestSupport.FAST,
                    p -> {
                        if (p.phase() == Progress.Phase.PREPARE) {
                            prepared.accumulateAndGet(p.bytesDone(), Math::max); // writers report concurrently
                        }
                    },
                    new CancelToken());
        }
        return prepared.get();
    }

    @Test
    void aKeptFileOutlivesItsRunUnderItsDocumentedNameAndTheNextRunReusesItWithoutLayingOut() throws Exception {
        assertThat(laidOut(read, true)).isEqualTo(read.size());
        assertThat(LiveTestSupport.entries(dir)).containsExactly(KEPT, LOCK);
        assertThat(Files.size(dir.resolve(KEPT))).isEqualTo(read.size());

        assertThat(laidOut(read, true)).as("second run: nothing to lay out").isZero();
        assertThat(laidOut(read.toBuilder().rw(RwPattern.RANDWRITE).build(), true))
                .isZero();
        assertThat(LiveTestSupport.entries(dir)).containsExactly(KEPT, LOCK);
    }

    @Test
    void withoutKeepFilesARunLeavesKeptFilesAloneAndRemovesItsOwn() throws Exception {
        laidOut(read, true);
        assertThat(laidOut(read, false)).isEqualTo(read.size());
        assertThat(LiveTestSupport.entries(dir)).containsExactly(KEPT, LOCK);
    }

    @Test
    void keptFilesAnotherRunHoldsAreLeftAloneAndThisRunLaysOutItsOwn() throws Exception {
        laidOut(read, true);
        try (ScratchDir other = ScratchDir.open(dir)) {
            assertThat(other.keptFile(TAG)).isPresent(); // holds their lock
            assertThat(laidOut(read, true)).isEqualTo(read.size());
            assertThat(LiveEngine.removeKeptFiles(dir))
                    .as("held by a live run")
                    .isEqualTo(new ScratchDir.KeptRemoval(0, 0, 1));
        }
        assertThat(LiveTestSupport.entries(dir)).containsExactly(KEPT, LOCK);
        assertThat(LiveEngine.removeKeptFiles(dir)).isEqualTo(new ScratchDir.KeptRemoval(1, read.size(), 0));
        assertThat(LiveTestSupport.entries(dir)).isEmpty();
    }

    @Test
    void aKeptFileWhoseLayoutWasCutShortIsLaidOutAgain() throws Exception {
        try (ScratchDir s = ScratchDir.open(dir)) {
            Path p = s.keptFile(TAG).orElseThrow(); // created, never laid out
            assertThat(s.keptNote(p)).isEmpty();
        }
        assertThat(laidOut(read, true)).isEqualTo(read.size());
        assertThat(laidOut(read, true)).isZero();
    }

    @Test
    void theSweepOfEndedRunsNeverTakesKeptFiles() throws Exception {
        laidOut(read, true);
        try (ScratchDir s = ScratchDir.open(dir)) {
            s.file("w0-m0");
            s.abandon(); // as a crash leaves it
        }
        try (ScratchDir s = ScratchDir.open(dir)) {
            assertThat(s.staleRemoved()).isEqualTo(1);
        }
        assertThat(LiveTestSupport.entries(dir)).containsExactly(KEPT, LOCK);
    }

    @Test
    void writeOnlyJobsLayOutTheirWholeFileInsteadOfLeavingUnwrittenExtents() throws Exception {
        JobSpec write = LiveTestSupport.small()
                .name("w")
                .rw(RwPattern.RANDWRITE)
                .bs(4096)
                .build();
        assertThat(laidOut(write, false)).isEqualTo(write.size());
    }
}
