package org.diolab.live.scratch;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import org.diolab.live.LiveTestSupport;
import org.diolab.live.job.JobSpec;
import org.diolab.live.job.LiveRefusal;
import org.diolab.live.job.RwPattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Refusals that depend on the directory: they come before any data is written, and say what to do. */
class RefusalTest {
    @TempDir
    Path dir;

    @Test
    void aJobThatDoesNotFitIsRefusedBeforeWritingAnything() throws Exception {
        long free = Files.getFileStore(dir).getUsableSpace();
        long size = Math.max(1L << 40, free * 2) / (1 << 20) * (1 << 20);
        JobSpec huge = JobSpec.builder()
                .name("huge")
                .rw(RwPattern.WRITE)
                .bs(1 << 20)
                .size(size)
                .build();
        assertThatThrownBy(() -> LiveTestSupport.run(dir, huge))
                .isInstanceOf(LiveRefusal.class)
                .satisfies(e -> assertThat(((LiveRefusal) e).reason()).isEqualTo(LiveRefusal.Reason.NO_SPACE))
                .hasMessageContaining("needs")
                .hasMessageContaining("is free there")
                .hasMessageContaining("lower --size");
        assertThat(LiveTestSupport.entries(dir)).isEmpty();
    }

    @Test
    void mirrorsAndThreadsCountTowardsTheRoomNeeded() throws Exception {
        long free = Files.getFileStore(dir).getUsableSpace();
        long perFile = Math.max(1L << 30, free / 4) / (1 << 20) * (1 << 20);
        JobSpec many = JobSpec.builder()
                .name("many")
                .rw(RwPattern.WRITE)
                .bs(1 << 20)
                .size(perFile)
                .numjobs(4)
                .mirrors(2)
                .build();
        assertThatThrownBy(() -> LiveTestSupport.run(dir, many))
                .isInstanceOf(LiveRefusal.class)
                .hasMessageContaining("8 file(s)");
    }
}
