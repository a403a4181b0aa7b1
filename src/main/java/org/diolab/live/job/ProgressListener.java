package org.diolab.live.job;

/** Receives {@link Progress} reports; called on the job's coordinating thread, so it must return quickly. */
@FunctionalInterface
public interface ProgressListener {
    ProgressListener NONE = p -> {};

    void onProgress(Progress progress);
}
