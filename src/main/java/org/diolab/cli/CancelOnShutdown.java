package org.diolab.cli;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.diolab.live.job.CancelToken;

/**
 * Turns Ctrl-C (SIGINT), SIGTERM or SIGHUP into a clean cancel: the JVM runs this hook, which cancels the run and
 * waits until the command has removed its scratch files and printed its last line, so the process ends only after
 * both. The exit status is then the JVM's for the signal: 130 (SIGINT), 143 (SIGTERM), 129 (SIGHUP), 128 + the
 * signal number as shells report it; {@link #EXIT_CANCELLED} when the run was cancelled otherwise.
 */
final class CancelOnShutdown implements AutoCloseable {
    /** Exit code of a cancelled run, as for Ctrl-C. */
    static final int EXIT_CANCELLED = 130;

    /** Longest the hook holds up the exit; workers stop within one I/O, so this is for a hung device. */
    private static final long GRACE_SECONDS = 30;

    private final CancelToken token = new CancelToken();
    private final CountDownLatch cleanedUp = new CountDownLatch(1);
    private final Thread hook;

    CancelOnShutdown() {
        hook = new Thread(
                () -> {
                    token.cancel();
                    try {
                        cleanedUp.await(GRACE_SECONDS, TimeUnit.SECONDS);
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                },
                "dio-lab-cancel");
        Runtime.getRuntime().addShutdownHook(hook);
    }

    CancelToken token() {
        return token;
    }

    /**
     * Call after cleanup and after the last message is printed: lets a pending exit proceed, and unregisters the
     * hook on a normal end.
     */
    @Override
    public void close() {
        cleanedUp.countDown();
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException shuttingDown) {
            // the hook is running: it has just been released
        }
    }
}
