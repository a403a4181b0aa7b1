package org.diolab.app.work;

import java.util.concurrent.CancellationException;

/** What running work sees: whether to stop, and where to report progress. Called from the worker thread. */
public interface TaskContext {
    boolean cancelled();

    /** Progress from 0 to 1 with a line saying what is going on; dropped once the job is cancelled. */
    void progress(double fraction, String message);

    default void throwIfCancelled() {
        if (cancelled()) {
            throw new CancellationException("cancelled");
        }
    }
}
