package org.diolab.live;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Files kept between runs ({@code --keep-files}): named, reused, locked while used, never swept, removable. */
class KeptFilesTest {
    @TempDir
    Path dir;

    private final JobSpec read = LiveTestSupport.small().name("k").rw(RwPattern.RANDREAD).build();

    /** Runs {@code job} in its own session and returns the bytes it laid out before the clock started. */
    private long laidOut(JobSpec job, boolean keep) throws Exception {
        AtomicLong prepared = new AtomicLong();
        try (ScratchDir s = ScratchDir.open(dir)) {
            if (keep) {
                s.keepFiles();
            }
            LiveEngine.run(s, job, LiveTestSupport.FAST, p -> {
                if (p.phase() == Progress.Phase.PREPARE) {
                    prepared.accumulateAndGet(p.bytesDone(), Math::max); // writers report concurrently
                }
            }, new CancelToken());
        }
        return prepared.get();
    }

    @Test
    void aKeptFileOutlivesItsRunUnderItsDocumentedNameAndTheNextRunReusesItWithoutLayingOut() throws Exception {
        assertThat(laidOut(read, true)).isEqualTo(read.size());
        assertThat(LiveTestSupport.entries(dir)).containsExactly(".dio-lab-keep-2m-w0-m0");
        assertThat(Files.size(dir.resolve(".dio-lab-keep-2m-w0-m0"))).isEqualTo(read.size());

        assertThat(laidOut(read, true)).as("second run: nothing to lay out").isZero();
        assertThat(laidOut(read.toBuilder().rw(RwPattern.RANDWRITE).build(), true)).isZero();
        assertThat(LiveTestSupport.entries(dir)).containsExactly(".dio-lab-keep-2m-w0-m0");
    }

    @Test
    void withoutKeepFilesARunLeavesKeptFilesAloneAndRemovesItsOwn() throws Exception {
        laidOut(read, true);
        assertThat(laidOut(read, false)).isEqualTo(read.size());
        assertThat(LiveTestSupport.entries(dir)).containsExactly(".dio-lab-keep-2m-w0-m0");
    }

    @Test
    void aKeptFileAnotherRunHoldsIsLeftAloneAndThisRunLaysOutItsOwn() throws Exception {
        laidOut(read, true);
        Path kept = dir.resolve(".dio-lab-keep-2m-w0-m0");
        try (KeptFiles.Lock other = KeptFiles.Lock.tryTake(kept)) {
            assertThat(other).isNotNull();
            assertThat(laidOut(read, true)).isEqualTo(read.size());
            assertThat(LiveTestSupport.entries(dir)).containsExactly(".dio-lab-keep-2m-w0-m0");
            assertThat(KeptFiles.removeAll(dir).files()).as("held by a live run").isZero();
        }
        assertThat(KeptFiles.removeAll(dir)).isEqualTo(new KeptFiles.Removal(1, read.size()));
        assertThat(LiveTestSupport.entries(dir)).isEmpty();
    }

    @Test
    void theSweepOfCrashedRunsNeverTakesKeptFiles() throws Exception {
        laidOut(read, true);
        Files.writeString(dir.resolve(new ScratchFileName(999_999_999L, 1, "w0-m0").fileName()), "crashed");
        try (ScratchDir s = ScratchDir.open(dir)) {
            assertThat(s.staleRemoved()).isEqualTo(1);
        }
        assertThat(LiveTestSupport.entries(dir)).containsExactly(".dio-lab-keep-2m-w0-m0");
    }

    @Test
    void aKeptNameIsRecognisedWithItsSize() {
        assertThat(KeptFiles.name(1L << 30, JobFiles.tag(3, 1))).isEqualTo(".dio-lab-keep-1g-w3-m1");
        assertThat(KeptFiles.sizeOf(".dio-lab-keep-1g-w3-m1")).contains(1L << 30);
        assertThat(KeptFiles.isKeptName(".dio-lab-123-456-w0-m0")).isFalse();
        assertThat(ScratchFileName.parse(".dio-lab-keep-1g-w3-m1")).isEmpty();
    }

    @Test
    void writeOnlyJobsLayOutTheirWholeFileInsteadOfLeavingUnwrittenExtents() throws Exception {
        JobSpec write = LiveTestSupport.small().name("w").rw(RwPattern.RANDWRITE).bs(4096).build();
        assertThat(laidOut(write, false)).isEqualTo(write.size());
    }
}
