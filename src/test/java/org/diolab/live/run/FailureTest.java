package org.diolab.live.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.Stream;
import org.diolab.live.LiveTestSupport;
import org.diolab.live.job.CancelToken;
import org.diolab.live.job.JobSpec;
import org.diolab.live.job.LiveFailure;
import org.diolab.live.job.Progress;
import org.diolab.live.job.RwPattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A run whose I/O fails stops all its threads, reports what failed, and still removes its files. */
class FailureTest {
    @TempDir
    Path dir;

    @Test
    void aFileCutShortUnderTheRunFailsItCleanly() {
        AtomicBoolean cut = new AtomicBoolean();
        JobSpec job = LiveTestSupport.small()
                .rw(RwPattern.READ)
                .numjobs(2)
                .runtime(Duration.ofSeconds(30))
                .build();
        assertThatThrownBy(() -> LiveEngine.run(
                        dir,
                        job,
                        LiveTestSupport.FAST,
                        p -> {
                            if (p.phase() == Progress.Phase.RUN && !cut.getAndSet(true)) {
                                truncateScratchFiles(); // someone else shrinks the files: reads past the end must fail
                                // the job
                            }
                        },
                        new CancelToken()))
                .isInstanceOf(LiveFailure.class)
                .hasMessageContaining("failed")
                .hasMessageContaining("end of");
        assertThat(cut).isTrue();
        try {
            assertThat(LiveTestSupport.entries(dir)).isEmpty();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private void truncateScratchFiles() {
        try (Stream<Path> files = Files.list(dir)) {
            for (Path p : files.toList()) {
                try (FileChannel ch = FileChannel.open(p, StandardOpenOption.WRITE)) {
                    ch.truncate(0);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
