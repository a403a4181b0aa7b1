package org.diolab.live.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Duration;
import org.diolab.live.LiveTestSupport;
import org.diolab.live.job.CsumMode;
import org.diolab.live.job.Engine;
import org.diolab.live.job.JobSpec;
import org.diolab.live.job.Mode;
import org.diolab.live.job.RwPattern;
import org.diolab.live.report.IoDepths;
import org.diolab.live.report.JobResult;
import org.diolab.live.report.RaceCounters;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The engines on real files at queue depth: what is written reads back as written on every mirror and matches its
 * checksums, reads return what was laid out, the queue really is kept full (fio's IO depths), every I/O has its
 * latency, and the seeds' races show at depth as they do at depth 1, and never with a bounce copy.
 */
class EnginesTest {
    @TempDir
    Path dir;

    private static JobSpec.Builder at(Engine e, int depth) {
        return LiveTestSupport.small().engine(e).iodepth(depth);
    }

    @ParameterizedTest
    @CsvSource({
        "LIBAIO,DIRECT",
        "LIBAIO,BOUNCE",
        "LIBAIO,BUFFERED",
        "IO_URING,DIRECT",
        "IO_URING,BOUNCE",
        "IO_URING,BUFFERED",
        "PVSYNC2,DIRECT"
    })
    void writesReadBackCorrectOnEveryMirrorAtDepth(Engine engine, Mode mode) {
        JobResult w = ReadBack.writeToTwoMirrors(dir, at(engine, 8), mode);
        assertThat(w.write().clat().count())
                .as("one latency per I/O")
                .isEqualTo(w.write().totalIos());
    }

    @ParameterizedTest
    @EnumSource(
            value = Engine.class,
            names = {"LIBAIO", "IO_URING"})
    void readsReturnWhatWasLaidOutWithAsyncChecksumsAndTwoThreads(Engine engine) {
        ReadBack.readByTwoThreads(dir, at(engine, 16).mode(Mode.DIRECT).fixedBufs(engine == Engine.IO_URING));
    }

    @ParameterizedTest
    @EnumSource(
            value = Engine.class,
            names = {"LIBAIO", "IO_URING"})
    void theQueueIsKeptFullAtItsDepthAndNoDeeper(Engine engine) {
        JobSpec job = at(engine, 8).rw(RwPattern.RANDREAD).bs(4096).build(); // one pass: 512 I/Os
        JobResult r = LiveTestSupport.run(dir, job);
        IoDepths d = r.depths();
        assertThat(d.total()).isEqualTo(512);
        // fio's defaults reap one and refill one: all but the first 7 are issued with 8 in flight, as fio's are
        assertThat(d.issued().get(IoDepths.bucket(8)))
                .as("issued with 8 in flight: %s", d)
                .isEqualTo(512 - 7);
        assertThat(d.issued().subList(IoDepths.bucket(8) + 1, IoDepths.LABELS.size()))
                .containsOnly(0L);
        assertThat(r.read().clat().count()).isEqualTo(512);
    }

    @Test
    void aMirroredWriteKeepsTheDepthInFlightOnEveryLeg() {
        JobSpec job = at(Engine.IO_URING, 4)
                .rw(RwPattern.WRITE)
                .mirrors(3)
                .verify(true)
                .build();
        JobResult r = LiveTestSupport.run(dir, job);
        assertThat(r.depths().share(IoDepths.bucket(4))).as("%s", r.depths()).isGreaterThan(0.5);
        assertThat(r.depths().issued().subList(IoDepths.bucket(4) + 1, IoDepths.LABELS.size()))
                .containsOnly(0L);
        assertThat(r.races().mirrorBlocksCompared()).isEqualTo(job.size() / JobSpec.BLOCK);
        assertThat(r.races().mirrorBlocksDiffering()).isZero();
        assertThat(r.races().verifyBlocks()).isEqualTo(3 * job.size() / JobSpec.BLOCK);
        assertThat(r.races().verifyErrors()).isZero();
    }

    @Test
    void aSynchronousEngineRunsOneIoAtATimeWhateverIodepthSays() {
        JobResult r = LiveTestSupport.run(
                dir, at(Engine.PSYNC, 8).rw(RwPattern.RANDREAD).build());
        assertThat(r.depths().share(0)).isEqualTo(1.0);
        assertThat(r.job().engine().iodepth()).isEqualTo(8);
    }

    @Test
    void aTimeBasedJobAtDepthStopsAtItsRuntime() {
        JobSpec job = at(Engine.IO_URING, 32)
                .rw(RwPattern.RANDREAD)
                .bs(4096)
                .runtime(Duration.ofMillis(400))
                .build();
        JobResult r = LiveTestSupport.run(dir, job);
        assertThat(r.elapsedNanos()).isBetween(400_000_000L, 2_400_000_000L);
        assertThat(r.read().totalIos()).isGreaterThan(512); // looped over the 2 MiB file
    }

    @ParameterizedTest
    @EnumSource(
            value = Engine.class,
            names = {"LIBAIO", "IO_URING"})
    void mirrorsDivergeUnderAMutatorAtDepthButNeverWithBounce(Engine engine) {
        JobSpec job = at(engine, 4)
                .size(4 << 20)
                .rw(RwPattern.WRITE)
                .mirrors(2)
                .mutators(1)
                .build();
        assertThat(MutatorRuns.firstNonZero(dir, job, RaceCounters::mirrorBlocksDiffering))
                .isPositive();
        MutatorRuns.neverInBounce(dir, job, 1, RaceCounters::mirrorBlocksDiffering, RaceCounters::mirrorBlocksCompared);
    }

    @Test
    void storesIntoReadBuffersFailGoodDataAtDepthButNeverWithBounce() {
        JobSpec job = at(Engine.IO_URING, 8)
                .size(4 << 20)
                .rw(RwPattern.READ)
                .mutators(1)
                .csum(CsumMode.SYNC)
                .build();
        assertThat(MutatorRuns.firstNonZero(dir, job, RaceCounters::csumMismatchesOnRead))
                .isPositive();
        MutatorRuns.neverInBounce(
                dir, job, 1, RaceCounters::csumMismatchesOnRead, RaceCounters::csumBlocksCheckedOnRead);
    }

    @Test
    void nowaitEagainsFromTheRingAreCountedAndReissued() {
        JobResult r = LiveTestSupport.run(
                dir,
                at(Engine.IO_URING, 8)
                        .rw(RwPattern.RANDREAD)
                        .mode(Mode.BUFFERED)
                        .nowait(true)
                        .verify(true)
                        .build());
        // cold files (fio's invalidate): a buffered read that would wait for the disk answers EAGAIN under NOWAIT
        assertThat(r.races().eagains()).isPositive();
        assertThat(r.races().verifyErrors()).isZero();
        assertThat(r.read().ioBytes()).isEqualTo(2 << 20);
    }
}
