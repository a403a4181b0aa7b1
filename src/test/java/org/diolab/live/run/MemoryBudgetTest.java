package org.diolab.live.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.OptionalLong;
import org.diolab.live.LiveTestSupport;
import org.diolab.live.job.CsumMode;
import org.diolab.live.job.JobSpec;
import org.diolab.live.job.LiveRefusal;
import org.diolab.live.job.Mode;
import org.diolab.live.job.RwPattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Issue 12, defect 4: buffer sets larger than half the available memory are refused, saying how much they need. */
class MemoryBudgetTest {
    private static final long GIB = 1L << 30;

    @Test
    void countsUserAndBounceBuffersPerThread() {
        JobSpec bounce = JobSpec.builder()
                .numjobs(64)
                .bs(256L << 20)
                .size(256L << 20)
                .mode(Mode.BOUNCE)
                .build();
        assertThat(MemoryBudget.of(bounce).nativeBytes()).isBetween(32 * GIB, 33 * GIB);
        JobSpec direct = bounce.toBuilder().mode(Mode.DIRECT).build();
        assertThat(MemoryBudget.of(direct).nativeBytes()).isBetween(16 * GIB, 17 * GIB);
        assertThat(MemoryBudget.of(direct).heapBytes()).isZero();
        JobSpec csum = direct.toBuilder().csum(CsumMode.SYNC).size(1L << 40).build();
        assertThat(MemoryBudget.of(csum).heapBytes()).isEqualTo(64 * GIB);
    }

    @Test
    void refusesMoreThanHalfOfWhatIsAvailable() {
        JobSpec job = JobSpec.builder()
                .name("big")
                .numjobs(8)
                .bs(64L << 20)
                .size(64L << 20)
                .mode(Mode.BOUNCE)
                .build();
        assertThatThrownBy(() -> MemoryBudget.check(job, OptionalLong.of(2 * GIB), 8 * GIB))
                .isInstanceOf(LiveRefusal.class)
                .satisfies(e -> assertThat(((LiveRefusal) e).reason()).isEqualTo(LiveRefusal.Reason.NO_MEMORY))
                .hasMessageContaining("needs 1.2 GiB of I/O buffers")
                .hasMessageContaining("2.0 GiB of memory")
                .hasMessageContaining("--mode direct");
        MemoryBudget.check(job, OptionalLong.of(4 * GIB), 8 * GIB);
        MemoryBudget.check(job, OptionalLong.empty(), 8 * GIB);
        JobSpec tables =
                JobSpec.builder().name("t").csum(CsumMode.SYNC).size(1L << 40).build();
        assertThatThrownBy(() -> MemoryBudget.check(tables, OptionalLong.of(64 * GIB), 256L << 20))
                .hasMessageContaining("of Java heap")
                .hasMessageContaining("-Xmx");
    }

    @Test
    void readsMemAvailable(@TempDir Path dir) throws IOException {
        Path f = Files.writeString(dir.resolve("meminfo"), "MemTotal: 100 kB\nMemAvailable:    2048 kB\n");
        assertThat(MemoryBudget.meminfo(f)).hasValue(2048 * 1024);
        assertThat(MemoryBudget.available()).isPresent();
    }

    @Test
    void theEngineRefusesBeforeLayingOutAnything(@TempDir Path dir) throws IOException {
        JobSpec job = JobSpec.builder()
                .name("huge")
                .numjobs(64)
                .bs(256L << 20)
                .size(256L << 20)
                .mode(Mode.BOUNCE)
                .rw(RwPattern.WRITE)
                .build();
        org.junit.jupiter.api.Assumptions.assumeTrue(
                MemoryBudget.available().orElse(Long.MAX_VALUE) < 64 * GIB, "more than 64 GiB available here");
        assertThatThrownBy(() -> LiveTestSupport.run(dir, job))
                .isInstanceOf(LiveRefusal.class)
                .hasMessageContaining("needs 32.");
        assertThat(LiveTestSupport.entries(dir)).isEmpty();
    }
}
