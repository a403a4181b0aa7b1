package org.diolab.app.work;

/** Where a job is: running (perhaps asked to stop), or how it ended — as the screen's thread saw it. */
public enum JobState {
    RUNNING,
    SUCCEEDED,
    FAILED,
    CANCELLED;

    public boolean finished() {
        return this != RUNNING;
    }
}
