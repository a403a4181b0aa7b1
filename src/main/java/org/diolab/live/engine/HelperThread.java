package org.diolab.live.engine;

import java.util.concurrent.locks.LockSupport;
import org.diolab.sys.Threads;

/**
 * A dedicated thread that runs one piece of work at a time for a worker, handed over without allocating: the worker
 * sets the work's inputs, calls {@link #start()}, does its own part, then {@link #await()}s the helper. This is how
 * a mirror leg writes beside the worker under a synchronous engine (md-raid1's cloned bios), and why it costs no
 * task object, future or queue node per I/O as an executor would.
 *
 * <p>Memory visibility: the work's inputs are written before the volatile store of {@code state} in
 * {@code start()} and read after the helper's volatile load of it; its outputs likewise through {@code DONE}.
 */
final class HelperThread implements AutoCloseable {
    /** The work; it reads its inputs from fields its owner set before {@link #start()}. */
    interface Work {
        void run() throws Exception;
    }

    private static final int IDLE = 0;
    private static final int REQUESTED = 1;
    private static final int DONE = 2;
    private static final int SPINS = 200; // a short spin first: most hand-offs are answered within microseconds

    private final Work work;
    private final Thread thread;
    private volatile int state = IDLE;
    private volatile boolean closed;
    private volatile Thread waiter;
    private Throwable failure;

    HelperThread(String name, Work work) {
        this.work = work;
        this.thread = Threads.startDaemon(name, this::loop);
    }

    /** Hands the work to the helper; the caller must {@link #await()} before starting it again. */
    void start() {
        waiter = Thread.currentThread();
        state = REQUESTED;
        LockSupport.unpark(thread);
    }

    /** Waits until the work is done; rethrows what it threw, wrapped when checked. */
    void await() throws Exception {
        for (int i = 0; state != DONE; i++) {
            if (i < SPINS) {
                Thread.onSpinWait();
            } else {
                LockSupport.park(this);
                if (closed && state != DONE) {
                    throw new IllegalStateException("helper " + thread.getName() + " was closed");
                }
            }
        }
        state = IDLE;
        Throwable t = failure;
        if (t != null) {
            failure = null;
            if (t instanceof Exception e) {
                throw e;
            }
            throw (Error) t;
        }
    }

    private void loop() {
        while (!closed) {
            for (int i = 0; state != REQUESTED && !closed; i++) {
                if (i < SPINS) {
                    Thread.onSpinWait();
                } else {
                    LockSupport.park(this);
                }
            }
            if (closed) {
                break;
            }
            try {
                work.run();
            } catch (Throwable t) {
                failure = t;
            }
            state = DONE;
            LockSupport.unpark(waiter);
        }
        Thread w = waiter;
        if (w != null) {
            LockSupport.unpark(w);
        }
    }

    @Override
    public void close() {
        closed = true;
        LockSupport.unpark(thread);
    }
}
