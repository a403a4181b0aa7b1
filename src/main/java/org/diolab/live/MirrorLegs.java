package org.diolab.live;

import java.io.IOException;
import java.lang.foreign.MemorySegment;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * A RAID1 write as md-raid1 does it with cloned bios: the same source buffer goes to every mirror at once, one
 * thread per mirror, and the write completes when all legs have. With zero-copy I/O each leg's device reads the
 * user's buffer when it runs, so a store in between makes the mirrors differ (S003 scenario A); with a bounce copy
 * all legs read the same private snapshot.
 *
 * <p>Leg 0 runs on the worker thread; leg k on its own single thread, so each mirror's target stays with one thread.
 */
final class MirrorLegs implements AutoCloseable {
    private final IoTarget[] targets;
    private final ExecutorService[] legs;
    private final Future<?>[] pending;

    MirrorLegs(IoTarget[] targets, String name) {
        this.targets = targets;
        this.legs = new ExecutorService[targets.length];
        this.pending = new Future<?>[targets.length];
        for (int k = 1; k < targets.length; k++) {
            String threadName = name + "-m" + k;
            legs[k] = Executors.newSingleThreadExecutor(r -> {
                Thread t = new Thread(r, threadName);
                t.setDaemon(true);
                return t;
            });
        }
    }

    /** Writes {@code src} at {@code offset} to every mirror concurrently and waits for all of them. */
    void writeAll(MemorySegment src, long offset) throws IOException {
        for (int k = 1; k < targets.length; k++) {
            IoTarget t = targets[k];
            pending[k] = legs[k].submit(() -> {
                t.write(src, offset);
                return null;
            });
        }
        IOException first = null;
        try {
            targets[0].write(src, offset);
        } catch (IOException e) {
            first = e;
        }
        for (int k = 1; k < targets.length; k++) {
            try {
                pending[k].get();
            } catch (ExecutionException e) {
                if (first == null) {
                    first = e.getCause() instanceof IOException io ? io : new IOException(e.getCause());
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IOException("interrupted while waiting for mirror " + k, e);
            }
        }
        if (first != null) {
            throw first;
        }
    }

    @Override
    public void close() {
        for (int k = 1; k < legs.length; k++) {
            legs[k].shutdownNow();
        }
    }
}
