package org.diolab.live.fio;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.diolab.live.LiveTestSupport;
import org.diolab.live.job.BufferMemory;
import org.diolab.live.job.CancelToken;
import org.diolab.live.job.Engine;
import org.diolab.live.job.JobSpec;
import org.diolab.live.job.LiveRefusal;
import org.diolab.live.job.Mode;
import org.diolab.live.job.ProgressListener;
import org.diolab.live.job.RwPattern;
import org.diolab.live.probe.Hugetlb;
import org.diolab.live.report.FioComparison;
import org.diolab.live.run.LiveEngine;
import org.diolab.live.scratch.ScratchDir;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FioBridgeTest {
    @TempDir
    Path dir;

    @Test
    void fioGetsTheSameJobOnTheSessionsOwnFiles() throws Exception {
        JobSpec job = JobSpec.builder()
                .name("j")
                .rw(RwPattern.RANDRW)
                .rwmixread(30)
                .bs(64 << 10)
                .size(8 << 20)
                .numjobs(2)
                .runtime(Duration.ofSeconds(2))
                .endFsync(true)
                .build();
        try (ScratchDir s = ScratchDir.open(dir)) {
            Path[][] files = {{s.file(LiveEngine.fileTag(0, 0))}, {s.file(LiveEngine.fileTag(1, 0))}};
            List<String> cmd =
                    FioBridge.command(Path.of("/usr/bin/fio"), job, s.dir(), FioBridge.filesOption(job, files));
            assertThat(cmd)
                    .contains(
                            "--ioengine=psync",
                            "--iodepth=1",
                            "--direct=1",
                            "--rw=randrw",
                            "--rwmixread=30",
                            "--bs=65536",
                            "--size=8388608",
                            "--numjobs=2",
                            "--runtime=2000ms",
                            "--time_based",
                            "--end_fsync=1",
                            "--allow_file_create=0",
                            "--group_reporting",
                            "--directory=" + s.dir());
            String format = cmd.stream()
                    .filter(a -> a.startsWith("--filename_format="))
                    .findFirst()
                    .orElseThrow();
            String expanded = format.substring("--filename_format=".length()).replace("$jobnum", "1");
            assertThat(expanded).isEqualTo(s.fileName(LiveEngine.fileTag(1, 0)));
        }
    }

    @Test
    void fioGetsTheSameEngineDepthAndBatching() throws Exception {
        JobSpec job = JobSpec.builder()
                .name("q")
                .rw(RwPattern.RANDREAD)
                .bs(64 << 10)
                .size(8 << 20)
                .engine(Engine.IO_URING)
                .iodepth(32)
                .iodepthBatch(4, 2, 0)
                .fixedBufs(true)
                .build();
        try (ScratchDir s = ScratchDir.open(dir)) {
            List<String> cmd = FioBridge.command(Path.of("fio"), job, s.dir(), "--filename_format=f");
            assertThat(cmd)
                    .contains(
                            "--ioengine=io_uring",
                            "--iodepth=32",
                            "--iodepth_batch_submit=4",
                            "--iodepth_batch_complete_min=2",
                            "--iodepth_batch_complete_max=2", // fio's default: the minimum
                            "--fixedbufs=1");
            List<String> aio = FioBridge.command(
                    Path.of("fio"),
                    job.toBuilder()
                            .engine(Engine.LIBAIO)
                            .fixedBufs(false)
                            .iodepth(16)
                            .build(),
                    s.dir(),
                    "--filename_format=f");
            assertThat(aio).contains("--ioengine=libaio", "--iodepth=16").doesNotContain("--fixedbufs=1");
        }
    }

    @Test
    void fioRunsLikeForLikeSameMemoryKindSameBufferPolicySameThreadModel() throws Exception {
        JobSpec.Builder b =
                JobSpec.builder().name("j").rw(RwPattern.WRITE).bs(1 << 20).size(8 << 20);
        try (ScratchDir s = ScratchDir.open(dir)) {
            List<String> pages = FioBridge.command(
                    Path.of("fio"), b.iomem(BufferMemory.PAGES).build(), s.dir(), "--filename_format=f");
            assertThat(pages)
                    .contains("--thread", "--scramble_buffers=0", "--iomem=malloc")
                    .noneMatch(a -> a.startsWith("--hugepage-size"));
            for (BufferMemory huge : List.of(BufferMemory.THP, BufferMemory.HUGETLB)) {
                List<String> cmd =
                        FioBridge.command(Path.of("fio"), b.iomem(huge).build(), s.dir(), "--filename_format=f");
                assertThat(cmd)
                        .contains(
                                "--thread",
                                "--scramble_buffers=0",
                                "--iomem=mmaphuge",
                                "--hugepage-size=" + Hugetlb.pageSize());
            }
        }
    }

    @Test
    void aHugePageComparisonWithoutFreeHugetlbPagesIsRefusedSayingHowToReserveThem() {
        assertThatThrownBy(() -> Hugetlb.requireFree(Hugetlb.available() + 1, "the test"))
                .isInstanceOf(LiveRefusal.class)
                .hasMessageContaining("/proc/sys/vm/nr_hugepages")
                .hasMessageContaining("--iomem pages");
    }

    @Test
    void policiesFioDoesNotHaveAreRefused() {
        JobSpec bounce = JobSpec.builder().mode(Mode.BOUNCE).build();
        assertThatThrownBy(() -> FioBridge.checkComparable(bounce)).hasMessageContaining("--vs-fio");
        assertThatThrownBy(() ->
                        FioBridge.checkComparable(JobSpec.builder().mirrors(2).build()))
                .hasMessageContaining("--mirrors");
    }

    @Test
    void comparesWithFioOnTheSameFilesAndCleansUp() throws Exception {
        assumeTrue(FioBridge.locateFio().isPresent(), "fio is not installed (apt-get install fio)");
        JobSpec job = JobSpec.builder()
                .name("vs")
                .rw(RwPattern.RANDREAD)
                .bs(64 << 10)
                .size(8 << 20)
                .iomem(BufferMemory.PAGES) // 4 KiB pages both: needs no hugetlb pool
                .runtime(Duration.ofMillis(300))
                .build();
        FioComparison c;
        try (ScratchDir s = ScratchDir.open(dir)) {
            c = FioBridge.compare(s, job, 2, LiveTestSupport.FAST, ProgressListener.NONE, new CancelToken());
            assertThat(s.files()).hasSize(1); // fio used DIO Lab's file and created none of its own
        }
        assertThat(c.fioVersion()).startsWith("fio-");
        assertThat(c.pairs()).hasSize(2);
        assertThat(c.pairs().get(0).fioFirst()).isTrue();
        assertThat(c.pairs().get(1).fioFirst()).isFalse();
        for (FioComparison.Pair p : c.pairs()) {
            assertThat(p.fioBytesPerSecond()).isPositive();
            assertThat(p.dioLabBytesPerSecond()).isPositive();
            assertThat(p.ratio()).isEqualTo(p.dioLabBytesPerSecond() / p.fioBytesPerSecond());
        }
        assertThat(c.medianRatio())
                .isBetween(
                        Math.min(c.pairs().get(0).ratio(), c.pairs().get(1).ratio()),
                        Math.max(c.pairs().get(0).ratio(), c.pairs().get(1).ratio()));
        assertThat(LiveTestSupport.entries(dir)).isEmpty();
    }

    @Test
    void fioGetsOneFilenameForAllJobs() throws Exception {
        JobSpec job = JobSpec.builder().name("j").numjobs(8).sharedFile(true).build();
        try (ScratchDir s = ScratchDir.open(dir)) {
            Path file = s.file(LiveEngine.fileTag(0, 0));
            Path[][] paths = new Path[8][];
            java.util.Arrays.fill(paths, new Path[] {file});
            List<String> cmd =
                    FioBridge.command(Path.of("/usr/bin/fio"), job, s.dir(), FioBridge.filesOption(job, paths));
            assertThat(cmd).contains("--filename=" + file.getFileName());
            assertThat(cmd).noneMatch(a -> a.startsWith("--filename_format="));
        }
    }
}
