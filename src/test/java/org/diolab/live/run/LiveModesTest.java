package org.diolab.live.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.diolab.live.LiveTestSupport;
import org.diolab.live.job.CsumImpl;
import org.diolab.live.job.CsumMode;
import org.diolab.live.job.JobSpec;
import org.diolab.live.job.Mode;
import org.diolab.live.job.RwPattern;
import org.diolab.live.report.JobResult;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** Without mutators every mode writes data that reads back as written, on every mirror, matching its checksums. */
class LiveModesTest {
    @TempDir
    Path dir;

    @ParameterizedTest
    @EnumSource(Mode.class)
    void writesReadBackCorrectOnEveryMirror(Mode mode) {
        ReadBack.writeToTwoMirrors(dir, LiveTestSupport.small(), mode);
    }

    @ParameterizedTest
    @EnumSource(Mode.class)
    void readsReturnWhatWasLaidOut(Mode mode) {
        ReadBack.readByTwoThreads(dir, LiveTestSupport.small().mode(mode));
    }

    @ParameterizedTest
    @EnumSource(CsumImpl.class)
    void mixedJobsWithEitherChecksumImplementationStayConsistent(CsumImpl impl) {
        JobSpec mixed = LiveTestSupport.small()
                .rw(RwPattern.RANDRW)
                .rwmixread(50)
                .csum(CsumMode.ASYNC)
                .csumImpl(impl)
                .verify(true)
                .build();
        JobResult r = LiveTestSupport.run(dir, mixed);
        assertThat(r.read().totalIos() + r.write().totalIos()).isEqualTo(mixed.size() / mixed.bs());
        assertThat(r.read().totalIos()).isPositive();
        assertThat(r.write().totalIos()).isPositive();
        assertThat(r.races().anyViolation()).isFalse();
    }

    @ParameterizedTest
    @EnumSource(Mode.class)
    void everyRunRemovesItsFiles(Mode mode) throws Exception {
        LiveTestSupport.run(
                dir,
                LiveTestSupport.small()
                        .rw(RwPattern.WRITE)
                        .mode(mode)
                        .mirrors(3)
                        .build());
        assertThat(LiveTestSupport.entries(dir)).isEmpty();
    }
}
