package org.diolab.live.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.diolab.live.LiveTestSupport;
import org.diolab.live.job.JobSpec;
import org.diolab.live.job.LiveRefusal;
import org.diolab.live.job.Mode;
import org.diolab.live.job.RwPattern;
import org.diolab.live.report.JobResult;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class NowaitTest {
    @TempDir
    Path dir;

    @Test
    void bufferedReadsOfUncachedDataReturnEagainWhichIsCountedAndTheDataStillArrives() {
        JobResult r = LiveTestSupport.run(
                dir,
                LiveTestSupport.small()
                        .rw(RwPattern.RANDREAD)
                        .mode(Mode.BUFFERED)
                        .nowait(true)
                        .verify(true)
                        .build());
        // the files start cold (fio's invalidate), so the first read of each range would have to wait for the disk
        assertThat(r.races().eagains()).isPositive();
        assertThat(r.races().verifyErrors()).isZero();
        assertThat(r.read().ioBytes()).isEqualTo(2 << 20);
    }

    @Test
    void directReadsWithNowaitComplete() {
        JobResult r = LiveTestSupport.run(
                dir,
                LiveTestSupport.small()
                        .rw(RwPattern.RANDREAD)
                        .mode(Mode.DIRECT)
                        .nowait(true)
                        .verify(true)
                        .build());
        assertThat(r.races().verifyErrors()).isZero();
        assertThat(r.read().totalIos()).isEqualTo(32);
    }

    @Test
    void anUnsupportedNowaitIsRefusedBeforeTheRunWithWhatToDo() throws Exception {
        // Buffered NOWAIT writes: xfs and btrfs take them, ext4 answers EOPNOTSUPP.
        assumeTrue(Files.getFileStore(dir).type().equals("ext4"), "only ext4 is known to refuse them");
        JobSpec job = LiveTestSupport.small()
                .rw(RwPattern.WRITE)
                .mode(Mode.BUFFERED)
                .nowait(true)
                .build();
        assertThatThrownBy(() -> LiveTestSupport.run(dir, job))
                .isInstanceOf(LiveRefusal.class)
                .satisfies(e -> assertThat(((LiveRefusal) e).reason()).isEqualTo(LiveRefusal.Reason.UNSUPPORTED_FLAG))
                .hasMessageContaining("RWF_NOWAIT")
                .hasMessageContaining("drop --nowait")
                .hasMessageContaining("EOPNOTSUPP");
        assertThat(LiveTestSupport.entries(dir)).isEmpty();
    }
}
