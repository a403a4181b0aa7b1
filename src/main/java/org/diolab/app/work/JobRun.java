package org.diolab.app.work;

import java.util.concurrent.CancellationException;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicReference;

/**
 * One job as every executor runs it: the work on the calling thread of {@link #run()}, then exactly one callback on
 * {@code ui}. Whether that is success, failure or cancelled is decided on {@code ui} at delivery time, so a cancel
 * that comes in while the result travels still wins.
 */
final class JobRun<T> implements Job, TaskContext {
    private record Progress(double fraction, String message) {}

    private final long id;
    private final BackgroundTask<T> task;
    private final Executor ui;
    private final AtomicReference<Progress> pending = new AtomicReference<>();
    private volatile boolean cancelRequested;
    private volatile JobState state = JobState.RUNNING;

    JobRun(long id, BackgroundTask<T> task, Executor ui) {
        this.id = id;
        this.task = task;
        this.ui = ui;
    }

    /** Runs the work on this thread and hands its outcome to {@code ui}. */
    void run() {
        T result = null;
        Throwable error = null;
        try {
            result = task.work().run(this);
        } catch (Throwable t) {
            error = t;
        }
        T r = result;
        Throwable e = error;
        ui.execute(() -> deliver(r, e));
    }

    private void deliver(T result, Throwable error) {
        if (state.finished()) {
            return;
        }
        if (cancelRequested || error instanceof CancellationException) {
            state = JobState.CANCELLED;
            task.cancelled().run();
        } else if (error != null) {
            state = JobState.FAILED;
            task.failure().accept(error);
        } else {
            state = JobState.SUCCEEDED;
            task.success().accept(result);
        }
    }

    @Override
    public void progress(double fraction, String message) {
        if (cancelRequested || state.finished()) {
            return;
        }
        // Coalesced: a fast worker reports thousands of times; the screen needs only the latest.
        if (pending.getAndSet(new Progress(fraction, message)) == null) {
            ui.execute(() -> {
                Progress p = pending.getAndSet(null);
                if (p != null && !cancelRequested && !state.finished()) {
                    task.progress().accept(p.fraction(), p.message());
                }
            });
        }
    }

    @Override
    public boolean cancelled() {
        return cancelRequested;
    }

    @Override
    public long id() {
        return id;
    }

    @Override
    public String name() {
        return task.name();
    }

    @Override
    public void cancel() {
        cancelRequested = true;
    }

    @Override
    public boolean cancelRequested() {
        return cancelRequested;
    }

    @Override
    public JobState state() {
        return state;
    }

    @Override
    public String toString() {
        return "job " + id + " (" + task.name() + ", " + state + (cancelRequested ? ", cancel requested" : "") + ")";
    }
}
