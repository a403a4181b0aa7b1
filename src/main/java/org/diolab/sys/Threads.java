package org.diolab.sys;

import java.util.List;

/**
 * Helper threads for work beside native memory: started as daemons (a stuck device must not keep the JVM alive after
 * the user gave up), and waited for even when the waiter is interrupted, because a thread must be gone before the
 * memory it touches is freed. The interrupt is kept: the flag is set again once the wait is over.
 */
public final class Threads {
    /** A wait that an interrupt can cut short: {@code Thread::join}, {@code CountDownLatch::await}, ... */
    @FunctionalInterface
    public interface Wait {
        void await() throws InterruptedException;
    }

    private Threads() {}

    /** Starts {@code work} on a new daemon thread named {@code name}. */
    public static Thread startDaemon(String name, Runnable work) {
        Thread t = new Thread(work, name);
        t.setDaemon(true);
        t.start();
        return t;
    }

    /** Waits until {@code wait} returns, even if interrupted meanwhile (then keeps the flag). */
    public static void awaitUninterruptibly(Wait wait) {
        boolean interrupted = false;
        while (true) {
            try {
                wait.await();
                break;
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }

    /** Waits for {@code t} to end, even if interrupted meanwhile (then keeps the flag). */
    public static void joinUninterruptibly(Thread t) {
        awaitUninterruptibly(t::join);
    }

    /** Waits for every thread to end, even when interrupted (their buffers must outlive them); keeps the flag. */
    public static void joinAllUninterruptibly(List<Thread> threads) {
        for (Thread t : threads) {
            joinUninterruptibly(t);
        }
    }
}
