package org.diolab.cli;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.diolab.live.CancelToken;

/**
 * Turns Ctrl-C (SIGINT) or SIGTERM into a clean cancel: the JVM runs this hook, which cancels the run and waits until
 * the command has removed its scratch files, so the process ends only after its cleanup.
 */
final class CancelOnShutdown implements AutoCloseable {
    /** Longest the hook holds up the exit; workers stop within one I/O, so this is for a hung device. */
    private static final long GRACE_SECONDS = 30;

    private final CancelToken token = new CancelToken();
    private final CountDownLatch cleanedUp = new CountDownLatch(1);
    private final Thread hook;

    CancelOnShutdown() {
        hook = new Thread(() -> {
            token.cancel();
            try {
                cleanedUp.await(GRACE_SECONDS, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }, "dio-lab-cancel");
        Runtime.getRuntime().addShutdownHook(hook);
    }

    CancelToken token() {
        return token;
    }

    /** Call after cleanup: lets a pending exit proceed, and unregisters the hook on a normal end. */
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
