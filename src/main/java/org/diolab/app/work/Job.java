package org.diolab.app.work;

/** A submitted task: its id, whether it still runs, and a way to ask it to stop. */
public interface Job {
    /** Unique per executor, increasing in submission order. */
    long id();

    String name();

    /** Asks the work to stop; from now on only {@code onCancelled} can be delivered. Idempotent. */
    void cancel();

    boolean cancelRequested();

    JobState state();
}
