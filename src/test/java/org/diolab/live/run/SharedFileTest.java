package org.diolab.live.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.diolab.live.LiveTestSupport;
import org.diolab.live.job.CancelToken;
import org.diolab.live.job.CsumMode;
import org.diolab.live.job.FioJobFile;
import org.diolab.live.job.JobArgs;
import org.diolab.live.job.JobSpec;
import org.diolab.live.job.ProgressListener;
import org.diolab.live.job.RwPattern;
import org.diolab.live.report.JobResult;
import org.diolab.live.scratch.ScratchDir;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code bench --shared-file}: every thread works on one file, as fio's jobs do when they share a filename. */
class SharedFileTest {
    @TempDir
    Path dir;

    @Test
    void allThreadsWorkOnOneFile() throws Exception {
        JobSpec job = LiveTestSupport.small()
                .rw(RwPattern.WRITE)
                .numjobs(4)
                .sharedFile(true)
                .build();
        try (ScratchDir s = ScratchDir.open(dir)) {
            JobResult r = LiveEngine.run(s, job, LiveTestSupport.FAST, ProgressListener.NONE, new CancelToken());
            assertThat(s.files()).hasSize(1);
            assertThat(Files.size(s.files().getFirst())).isEqualTo(job.size());
            // One pass per thread over the same file: four times the file's blocks written, into one file.
            assertThat(r.write().totalIos()).isEqualTo(4 * job.size() / job.bs());
            assertThat(r.cache().totalPages()).isEqualTo(job.size() / 4096);
        }
        assertThat(LiveTestSupport.entries(dir)).isEmpty();
    }

    @Test
    void withoutTheOptionEachThreadHasItsOwnFile() throws Exception {
        JobSpec job = LiveTestSupport.small().rw(RwPattern.WRITE).numjobs(4).build();
        try (ScratchDir s = ScratchDir.open(dir)) {
            LiveEngine.run(s, job, LiveTestSupport.FAST, ProgressListener.NONE, new CancelToken());
            assertThat(s.files()).hasSize(4);
        }
    }

    @Test
    void footprintIsOneFile() {
        JobSpec job =
                JobSpec.builder().size(8 << 20).numjobs(8).sharedFile(true).build();
        assertThat(job.fileCount()).isEqualTo(1);
        assertThat(job.footprintBytes()).isEqualTo(8 << 20);
    }

    @Test
    void perThreadTablesAreRefused() {
        assertThatThrownBy(() ->
                        JobSpec.builder().sharedFile(true).csum(CsumMode.SYNC).build())
                .hasMessageContaining("--shared-file");
        assertThatThrownBy(() -> JobSpec.builder().sharedFile(true).mirrors(2).build())
                .hasMessageContaining("--shared-file");
    }

    @Test
    void jobFilesAndLessonArgumentsNameIt() {
        JobSpec fromIni = FioJobFile.parse("[j]\nrw=randrw\nnumjobs=8\nshared_file=1\ndirect=1\n", "t.fio")
                .jobs()
                .getFirst();
        assertThat(fromIni.sharedFile()).isTrue();
        JobSpec fromArgs = JobArgs.parse("convoy", List.of("--rw", "randrw", "--numjobs", "8", "--shared-file"));
        assertThat(fromArgs.sharedFile()).isTrue();
        assertThat(fromArgs.numjobs()).isEqualTo(8);
    }
}
