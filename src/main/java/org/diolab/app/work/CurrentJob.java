package org.diolab.app.work;

import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;

/**
 * The one job a screen runs at a time. Starting a job cancels the one before, and only the latest job's callbacks
 * run: a search of lesson A that ends after lesson B's started is dropped instead of shown under B. {@link
 * #runningProperty()} is true from the start of the latest job until its outcome was delivered; {@link #busyProperty()}
 * until every job started here has delivered one, abandoned jobs included (a live run still removes its files after
 * the screen stopped listening to it). Use from the screen's thread only.
 */
public final class CurrentJob {
    private final BackgroundWork work;
    private final ReadOnlyBooleanWrapper running = new ReadOnlyBooleanWrapper(false);
    private final ReadOnlyBooleanWrapper busy = new ReadOnlyBooleanWrapper(false);
    private long generation;
    /** Jobs started here whose outcome has not been delivered yet, the abandoned ones too. */
    private int outstanding;

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

    /**
     * True while any job started here has not delivered its outcome, abandoned ones included: for work that must
     * finish before the screen is idle again (the files of a stopped live run are removed when its work returns).
     */
    public ReadOnlyBooleanProperty busyProperty() {
        return busy.getReadOnlyProperty();
    }

    /** Cancels the current job (its {@code onCancelled} runs when it has stopped) and starts {@code task}. */
    public <T> Job start(BackgroundTask<T> task) {
        abandon();
        long mine = ++generation;
        outstanding++;
        busy.set(true);
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
        outstanding--;
        boolean current = mine == generation;
        if (current) {
            job = null;
            running.set(false);
        }
        busy.set(outstanding > 0);
        if (current) {
            callback.run();
        }
    }
}
