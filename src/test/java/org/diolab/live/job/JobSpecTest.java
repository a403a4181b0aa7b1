package org.diolab.live.job;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class JobSpecTest {
    @Test
    void sizeSmallerThanBlockIsRefused() {
        assertThatThrownBy(() -> JobSpec.builder().bs(1 << 20).size(4096).build())
                .isInstanceOf(LiveRefusal.class)
                .hasMessageContaining("smaller than bs")
                .extracting(e -> ((LiveRefusal) e).reason())
                .isEqualTo(LiveRefusal.Reason.BAD_OPTION);
    }

    @Test
    void sizeNotAMultipleOfBlockSuggestsOne() {
        assertThatThrownBy(() -> JobSpec.builder().bs(64 << 10).size(100 << 10).build())
                .hasMessageContaining("not a multiple of bs 64k")
                .hasMessageContaining("size=64k");
    }

    @Test
    void aBlockSizeDirectIoCannotUseIsNamedBeforeTheSizeItDoesNotDivide() {
        // 64m is no multiple of 3k either: suggesting a size for a bs refused next would send the user round twice
        assertThatThrownBy(() -> JobSpec.builder().bs(3000).size(64 << 20).build())
                .hasMessageContaining("bs 3000 is not a multiple of 512")
                .hasMessageNotContaining("size=");
    }

    @Test
    void directModesNeedLogicalBlockMultiples() {
        for (Mode m : new Mode[] {Mode.DIRECT, Mode.BOUNCE}) {
            assertThatThrownBy(
                            () -> JobSpec.builder().mode(m).bs(1000).size(4000).build())
                    .hasMessageContaining("not a multiple of 512")
                    .hasMessageContaining(m.cliName());
            // what the file allows beyond 512 (statx STATX_DIOALIGN) is checked when the job runs
            assertThat(JobSpec.builder().mode(m).bs(512).size(4096).build().bs())
                    .isEqualTo(512);
        }
        assertThat(JobSpec.builder()
                        .mode(Mode.BUFFERED)
                        .bs(512)
                        .size(4096)
                        .build()
                        .bs())
                .isEqualTo(512);
    }

    @Test
    void checksumsAndMirrorsNeedWholeBlocks() {
        assertThatThrownBy(() -> JobSpec.builder()
                        .mode(Mode.BUFFERED)
                        .bs(512)
                        .size(4096)
                        .csum(CsumMode.SYNC)
                        .build())
                .hasMessageContaining("per 4 KiB block");
        assertThatThrownBy(() -> JobSpec.builder()
                        .mode(Mode.BUFFERED)
                        .bs(512)
                        .size(4096)
                        .mirrors(2)
                        .build())
                .hasMessageContaining("per 4 KiB block");
    }

    @Test
    void aRuntimeFinerThanMillisecondsIsRefusedNotShownAsZero() {
        assertThatThrownBy(
                        () -> JobSpec.builder().runtime(Duration.ofNanos(1_000)).build())
                .isInstanceOf(LiveRefusal.class)
                .hasMessage("runtime 1000 ns is not a whole number of milliseconds, which is what DIO Lab counts time"
                        + " in; use 1ms");
    }

    @Test
    void rangesAreChecked() {
        assertThatThrownBy(() -> JobSpec.builder().numjobs(0).build()).hasMessageContaining("numjobs");
        assertThatThrownBy(() -> JobSpec.builder().mirrors(9).build()).hasMessageContaining("mirrors");
        assertThatThrownBy(() -> JobSpec.builder().rwmixread(101).build()).hasMessageContaining("rwmixread");
        assertThatThrownBy(() -> JobSpec.builder().name("a b").build()).hasMessageContaining("job name");
        assertThatThrownBy(() -> Mode.parse("zerocopy")).hasMessageContaining("buffered, direct, bounce, dontcache");
    }

    @Test
    void footprintCountsMirrorsAndThreads() {
        JobSpec j = JobSpec.builder().size(8 << 20).numjobs(3).mirrors(2).build();
        assertThat(j.fileCount()).isEqualTo(6);
        assertThat(j.footprintBytes()).isEqualTo(48L << 20);
    }
}
