package org.diolab.app.work;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** The delivery rules of background work: one outcome per job, none but "cancelled" after a cancel. */
class BackgroundWorkTest {
    private final List<String> seen = new ArrayList<>();

    private <T> BackgroundTask<T> recording(String name, BackgroundTask.Work<T> work) {
        return BackgroundTask.of(name, work)
                .onSuccess(r -> seen.add(name + " done " + r))
                .onFailure(e -> seen.add(name + " failed " + e.getMessage()))
                .onCancelled(() -> seen.add(name + " cancelled"))
                .onProgress((f, m) -> seen.add(name + " " + m));
    }

    @Test
    void aCancelThatArrivesWhileTheResultTravelsWins() throws Exception {
        LinkedBlockingQueue<Runnable> fxQueue = new LinkedBlockingQueue<>();
        FxBackgroundWork work = new FxBackgroundWork(fxQueue::add);
        Job job = work.submit(recording("a", ctx -> 42));
        Runnable delivery = fxQueue.poll(10, TimeUnit.SECONDS); // the work ended; its outcome waits for the FX thread
        job.cancel();
        delivery.run();
        assertThat(seen).containsExactly("a cancelled");
        assertThat(job.state()).isEqualTo(JobState.CANCELLED);
    }

    @Test
    void progressStopsAtCancelAndFailureIsReported() throws Exception {
        LinkedBlockingQueue<Runnable> fxQueue = new LinkedBlockingQueue<>();
        FxBackgroundWork work = new FxBackgroundWork(fxQueue::add);
        CountDownLatch cancelled = new CountDownLatch(1);
        Job job = work.submit(recording("a", ctx -> {
            ctx.progress(0.5, "half");
            cancelled.await(10, TimeUnit.SECONDS);
            ctx.progress(0.9, "late");
            return 1;
        }));
        Runnable first = fxQueue.poll(10, TimeUnit.SECONDS);
        first.run();
        job.cancel();
        cancelled.countDown();
        fxQueue.poll(10, TimeUnit.SECONDS).run();
        assertThat(seen).containsExactly("a half", "a cancelled");

        Job failing = work.submit(recording("b", ctx -> {
            throw new IllegalStateException("boom");
        }));
        fxQueue.poll(10, TimeUnit.SECONDS).run();
        assertThat(seen).endsWith("b failed boom");
        assertThat(failing.state()).isEqualTo(JobState.FAILED);
        assertThat(failing.id()).isGreaterThan(job.id());
    }

    @Test
    void onlyTheLatestJobOfAScreenIsHeardFrom() {
        ManualBackgroundWork work = new ManualBackgroundWork();
        CurrentJob current = new CurrentJob(work);
        current.start(recording("a", ctx -> "A"));
        current.start(recording("b", ctx -> "B"));
        assertThat(current.running()).isTrue();
        work.run(work.queued().getFirst()); // a ends after b started
        assertThat(seen).isEmpty();
        assertThat(current.running()).as("b still runs").isTrue();
        work.runAll();
        assertThat(seen).containsExactly("b done B");
        assertThat(current.running()).isFalse();
    }

    @Test
    void aCancelledCurrentJobSaysSoWhenItHasStopped() {
        ManualBackgroundWork work = new ManualBackgroundWork();
        CurrentJob current = new CurrentJob(work);
        current.start(recording("a", ctx -> "A"));
        current.cancel();
        assertThat(current.running()).as("until the work has actually stopped").isTrue();
        work.runAll();
        assertThat(seen).containsExactly("a cancelled");
        assertThat(current.running()).isFalse();
    }

    @Test
    void theSynchronousExecutorDeliversBeforeSubmitReturns() {
        CurrentJob current = new CurrentJob(new SynchronousBackgroundWork());
        Job job = current.start(recording("a", ctx -> 7));
        assertThat(seen).containsExactly("a done 7");
        assertThat(job.state()).isEqualTo(JobState.SUCCEEDED);
        assertThat(current.running()).isFalse();
    }

    @Test
    void anAbandonedJobKeepsTheScreenBusyUntilItsWorkHasReturned() {
        ManualBackgroundWork work = new ManualBackgroundWork();
        CurrentJob current = new CurrentJob(work);
        current.start(recording("a", ctx -> "A"));
        current.abandon();
        assertThat(current.running()).as("nobody waits for a").isFalse();
        assertThat(current.busyProperty().get())
                .as("but a's work has not returned")
                .isTrue();
        current.start(recording("b", ctx -> "B"));
        work.run(work.queued().getFirst());
        assertThat(current.busyProperty().get()).as("b still runs").isTrue();
        work.runAll();
        assertThat(seen).containsExactly("b done B");
        assertThat(current.busyProperty().get()).isFalse();
    }
}
