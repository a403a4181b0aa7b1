package org.diolab.live.job;

/**
 * Asks a running job to stop. Workers poll it between I/Os (never interrupt them: an interrupt closes a
 * {@link java.nio.channels.FileChannel} under the thread's feet), so a cancel takes at most one I/O per thread.
 */
public final class CancelToken {
    private volatile boolean cancelled;

    public void cancel() {
        cancelled = true;
    }

    public boolean isCancelled() {
        return cancelled;
    }

    /** Throws {@link java.util.concurrent.CancellationException} once cancelled; the runner cleans up on the way. */
    public void throwIfCancelled() {
        if (cancelled) {
            throw new java.util.concurrent.CancellationException("cancelled");
        }
    }
}
