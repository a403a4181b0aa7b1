package org.diolab.app.work;

import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;

/**
 * The one job a screen runs at a time. Starting a job cancels the one before, and only the latest job's callbacks
 * run: a search of lesson A that ends after lesson B's started is dropped instead of shown under B. {@link
 * #runningProperty()} is true from the start of the latest job until its outcome was delivered. Use from the screen's
 * thread only.
 */
public final class CurrentJob {
    private final BackgroundWork work;
    private final ReadOnlyBooleanWrapper running = new ReadOnlyBooleanWrapper(false);
    private long generation;
    private Job job;

    public CurrentJob(BackgroundWork work) {
        this.work = work;
    }

    public ReadOnlyBooleanProperty runningProperty() {
        return running.getReadOnlyProperty();
    }

    public boolean running() {
        return running.get();
    }

    /** Cancels the current job (its {@code onCancelled} runs when it has stopped) and starts {@code task}. */
    public <T> Job start(BackgroundTask<T> task) {
        abandon();
        long mine = ++generation;
        running.set(true);
        // Bound before submitting: a synchronous executor delivers inside submit().
        BackgroundTask<T> bound = new BackgroundTask<>(
                task.name(),
                task.work(),
                r -> finish(mine, () -> task.success().accept(r)),
                e -> finish(mine, () -> task.failure().accept(e)),
                () -> finish(mine, task.cancelled()),
                (f, m) -> {
                    if (mine == generation) {
                        task.progress().accept(f, m);
                    }
                });
        Job submitted = work.submit(bound);
        if (mine == generation && running.get()) {
            job = submitted;
        }
        return submitted;
    }

    /** Asks the current job to stop; {@code running} stays true until it has (then its {@code onCancelled} runs). */
    public void cancel() {
        if (job != null) {
            job.cancel();
        }
    }

    /**
     * Cancels the current job and forgets it: none of its callbacks will run and {@code running} is false at once.
     * For when what it worked on is gone (another lesson was opened).
     */
    public void abandon() {
        if (job != null) {
            job.cancel();
        }
        job = null;
        generation++;
        running.set(false);
    }

    private void finish(long mine, Runnable callback) {
        if (mine != generation) {
            return;
        }
        job = null;
        running.set(false);
        callback.run();
    }
}
