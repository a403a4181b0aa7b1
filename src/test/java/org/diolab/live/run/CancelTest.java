package org.diolab.live.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.CancellationException;
import java.util.concurrent.atomic.AtomicLong;
import org.diolab.live.LiveTestSupport;
import org.diolab.live.job.CancelToken;
import org.diolab.live.job.CsumMode;
import org.diolab.live.job.JobSpec;
import org.diolab.live.job.Progress;
import org.diolab.live.job.ProgressListener;
import org.diolab.live.job.RwPattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A cancel stops the run within moments, in any phase, and leaves the scratch directory as it found it. */
class CancelTest {
    @TempDir
    Path dir;

    @Test
    void cancelDuringTheRunRemovesEverything() throws Exception {
        CancelToken cancel = new CancelToken();
        AtomicLong seenBytes = new AtomicLong();
        JobSpec long30s = LiveTestSupport.small()
                .rw(RwPattern.RANDRW)
                .size(8 << 20)
                .numjobs(2)
                .mirrors(2)
                .mutators(1)
                .csum(CsumMode.ASYNC)
                .runtime(Duration.ofSeconds(30))
                .build();
        long t0 = System.nanoTime();
        assertThatThrownBy(() -> LiveEngine.run(
                        dir,
                        long30s,
                        LiveTestSupport.FAST,
                        p -> {
                            if (p.phase() == Progress.Phase.RUN && p.bytesDone() > 0) {
                                seenBytes.set(p.bytesDone());
                                cancel.cancel();
                            }
                        },
                        cancel))
                .isInstanceOf(CancellationException.class);
        assertThat(seenBytes.get()).isPositive();
        assertThat(Duration.ofNanos(System.nanoTime() - t0)).isLessThan(Duration.ofSeconds(15)); // not the 30 s
        assertThat(LiveTestSupport.entries(dir)).isEmpty();
    }

    @Test
    void cancelWhileLayingOutRemovesEverything() throws Exception {
        CancelToken cancel = new CancelToken();
        JobSpec big = LiveTestSupport.small().rw(RwPattern.READ).size(32 << 20).build();
        assertThatThrownBy(() -> LiveEngine.run(
                        dir,
                        big,
                        LiveTestSupport.FAST,
                        p -> {
                            if (p.phase() == Progress.Phase.PREPARE) {
                                cancel.cancel();
                            }
                        },
                        cancel))
                .isInstanceOf(CancellationException.class);
        assertThat(LiveTestSupport.entries(dir)).isEmpty();
    }

    @Test
    void aCancelFromAnotherThreadStopsATimeBasedJob() throws Exception {
        CancelToken cancel = new CancelToken();
        JobSpec job = LiveTestSupport.small()
                .rw(RwPattern.READ)
                .runtime(Duration.ofSeconds(30))
                .build();
        Thread canceller = Thread.ofPlatform().start(() -> {
            try {
                Thread.sleep(300);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            cancel.cancel();
        });
        assertThatThrownBy(() -> LiveEngine.run(dir, job, LiveTestSupport.FAST, ProgressListener.NONE, cancel))
                .isInstanceOf(CancellationException.class);
        canceller.join();
        assertThat(LiveTestSupport.entries(dir)).isEmpty();
    }

    @Test
    void alreadyCancelledRunsNothing() throws Exception {
        CancelToken cancel = new CancelToken();
        cancel.cancel();
        assertThatThrownBy(() -> LiveEngine.run(
                        dir, LiveTestSupport.small().build(), LiveTestSupport.FAST, ProgressListener.NONE, cancel))
                .isInstanceOf(CancellationException.class);
        assertThat(LiveTestSupport.entries(dir)).isEmpty();
    }
}
