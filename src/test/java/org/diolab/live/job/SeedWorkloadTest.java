package org.diolab.live.job;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import org.junit.jupiter.api.Test;

/** The seeds' own commands become the live jobs that re-measure them in user space, or none when they cannot. */
class SeedWorkloadTest {
    private static final String S000 = "fio --name=randread --filename $mnt/foobar --ioengine=libaio --size=4G"
            + " --rw=randread --bs=64k --iodepth=64 --runtime=60 --time_based --direct=1";
    private static final String S003 = "dd if=/dev/zero bs=1M of=/mnt/btrfs/foobar count=4096 oflag=direct";

    @Test
    void s000sFioCommandRunsWithLibaioAtDepth64() {
        JobSpec j = SeedWorkload.of("r", S000, "zero-copy-nodatasum", 64 << 20, Duration.ofSeconds(1))
                .orElseThrow();
        assertThat(j.rw()).isEqualTo(RwPattern.RANDREAD);
        assertThat(j.bs()).isEqualTo(64 << 10);
        assertThat(j.engine().engine()).isEqualTo(Engine.LIBAIO);
        assertThat(j.depth()).isEqualTo(64);
        assertThat(j.mode()).isEqualTo(Mode.DIRECT);
        assertThat(j.size()).isEqualTo(64 << 20);
        assertThat(j.timeBased()).isTrue();
    }

    @Test
    void s003sDdIsOneMibWritesAndTheRowsPathGivesModeAndChecksums() {
        JobSpec fallback = SeedWorkload.of("w", S003, "buffered-sync-csum", 64 << 20, Duration.ofSeconds(1))
                .orElseThrow();
        assertThat(fallback.rw()).isEqualTo(RwPattern.WRITE);
        assertThat(fallback.bs()).isEqualTo(1 << 20);
        assertThat(fallback.mode()).isEqualTo(Mode.BUFFERED);
        assertThat(fallback.csum()).isEqualTo(CsumMode.SYNC);
        assertThat(fallback.depth()).isEqualTo(1);
        JobSpec bounce = SeedWorkload.of("w", S003, "bounce-nodatasum", 64 << 20, Duration.ofSeconds(1))
                .orElseThrow();
        assertThat(bounce.mode()).isEqualTo(Mode.BOUNCE);
        assertThat(bounce.csum()).isEqualTo(CsumMode.NONE);
    }

    @Test
    void aFormulaOrAPathTheEngineHasNotGivesNoJob() {
        assertThat(SeedWorkload.of(
                        "x", "serial 1 / (1/50 + 1/45 + 1/8)", "zero-copy-nodatasum", 1 << 20, Duration.ofSeconds(1)))
                .isEmpty();
        assertThat(SeedWorkload.of("x", S003, "checksum", 1 << 20, Duration.ofSeconds(1)))
                .isEmpty();
        assertThat(SeedWorkload.of("x", S003, null, 1 << 20, Duration.ofSeconds(1)))
                .isEmpty();
    }
}
