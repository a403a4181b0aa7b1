package org.diolab.live.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.stream.Stream;
import org.diolab.live.LiveTestSupport;
import org.diolab.live.job.CancelToken;
import org.diolab.live.job.CsumMode;
import org.diolab.live.job.Engine;
import org.diolab.live.job.JobSpec;
import org.diolab.live.job.Mode;
import org.diolab.live.job.ProgressListener;
import org.diolab.live.job.RwPattern;
import org.diolab.live.report.JobResult;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The hot loop allocates nothing once the JIT has compiled it, on every path: plain and bounced I/O, checksums
 * computed inline or on the async helper, mirror legs on their helpers, verify, RWF_NOWAIT, and io_uring and libaio
 * at queue depth (fixed buffers, mirrored writes, async checksums). Measured on the worker
 * thread itself with the JVM's per-thread allocation counter, over consecutive windows of a running job: garbage
 * per I/O would show up in every window, so one window without any is the proof.
 */
class HotLoopAllocationTest {
    private static final com.sun.management.ThreadMXBean THREADS =
            (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();

    @TempDir
    Path dir;

    static Stream<JobSpec> jobs() {
        JobSpec.Builder cached = JobSpec.builder()
                .bs(4096)
                .size(4 << 20)
                .runtime(Duration.ofSeconds(6))
                .mode(Mode.BUFFERED)
                .invalidate(false); // served from the page cache: many I/Os, quickly compiled
        return Stream.of(
                cached.name("plain").rw(RwPattern.RANDRW).build(),
                cached.name("bounce")
                        .rw(RwPattern.RANDRW)
                        .mode(Mode.BOUNCE)
                        .bs(64 << 10)
                        .invalidate(true)
                        .csum(CsumMode.SYNC)
                        .verify(true)
                        .build(),
                cached.name("mirrors")
                        .rw(RwPattern.RANDWRITE)
                        .mode(Mode.BUFFERED)
                        .bs(4096)
                        .invalidate(false)
                        .mirrors(2)
                        .csum(CsumMode.ASYNC)
                        .verify(false)
                        .build(),
                cached.name("nowait")
                        .rw(RwPattern.RANDREAD)
                        .mirrors(1)
                        .csum(CsumMode.NONE)
                        .nowait(true)
                        .build(),
                cached.name("io-uring-depth-8")
                        .rw(RwPattern.RANDRW)
                        .nowait(false)
                        .engine(Engine.IO_URING)
                        .iodepth(8)
                        .fixedBufs(true)
                        .csum(CsumMode.SYNC)
                        .verify(true)
                        .build(),
                cached.name("libaio-mirrors-depth-4")
                        .rw(RwPattern.RANDWRITE)
                        .engine(Engine.LIBAIO)
                        .iodepth(4)
                        .fixedBufs(false)
                        .mirrors(2)
                        .csum(CsumMode.ASYNC)
                        .verify(false)
                        .build());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("jobs")
    void theWorkerAllocatesNothingPerIo(JobSpec job) throws Exception {
        CancelToken cancel = new CancelToken();
        CompletableFuture<JobResult> run = CompletableFuture.supplyAsync(
                () -> LiveEngine.run(dir, job, LiveTestSupport.FAST, ProgressListener.NONE, cancel));
        try {
            Thread worker = awaitWorker("dio-lab-" + job.name() + "-w0", run);
            long best = Long.MAX_VALUE;
            long ios = 0;
            for (int window = 0; window < 20 && best > 0 && !run.isDone(); window++) {
                long before = THREADS.getThreadAllocatedBytes(worker.threadId());
                Thread.sleep(200);
                long after = THREADS.getThreadAllocatedBytes(worker.threadId());
                if (worker.isAlive() && before >= 0 && after >= 0) {
                    best = Math.min(best, after - before);
                }
            }
            assertThat(best)
                    .as("bytes the worker allocated in its quietest 200 ms window")
                    .isZero();
        } finally {
            cancel.cancel();
            try {
                run.join();
            } catch (RuntimeException cancelled) {
                // the run was cut short on purpose
            }
        }
    }

    private static Thread awaitWorker(String name, CompletableFuture<?> run) throws InterruptedException {
        for (int i = 0; i < 600; i++) {
            Optional<Thread> t = Thread.getAllStackTraces().keySet().stream()
                    .filter(th -> th.getName().equals(name))
                    .findFirst();
            if (t.isPresent()) {
                return t.get();
            }
            if (run.isDone()) {
                run.join(); // surfaces the failure
            }
            Thread.sleep(50);
        }
        throw new AssertionError("no worker thread " + name);
    }
}
