package org.diolab.live.run;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.locks.LockSupport;
import org.diolab.live.job.Cadence;
import org.diolab.live.job.CancelToken;
import org.diolab.sys.Threads;

/**
 * Jobs that run at the same time, as the jobs of a fio job file up to the next {@code stonewall} do: each prepares
 * its files in turn (under {@link #lock()}: the session's records are one job's at a time), waits until all are
 * ready, then starts its clock, after its own {@code startdelay}. When one fails, the others stop. fio's {@code
 * exitall}: a job thread that ends on its own stops its reporting group's jobs, every job of the group, or those and
 * the file's later groups ({@link #exitedAll()}).
 */
final class JobGroup {
    private final Object lock = new Object();
    private final CountDownLatch ready;
    private final List<CancelToken> aborts = new CopyOnWriteArrayList<>();
    private final List<Integer> reportGroups = new CopyOnWriteArrayList<>();
    private final CancelToken exitedAll;
    private final Flows flows = new Flows();

    private JobGroup(int jobs, CancelToken exitedAll) {
        this.ready = new CountDownLatch(jobs);
        this.exitedAll = exitedAll;
    }

    static JobGroup of(int jobs) {
        return new JobGroup(jobs, new CancelToken());
    }

    /** A group whose {@code exit_what=all} exit cancels {@code exitedAll}: the file's later groups do not run. */
    static JobGroup of(int jobs, CancelToken exitedAll) {
        return new JobGroup(jobs, exitedAll);
    }

    /** The flows (fio's flow control) of the jobs of this group: they run at the same time, so they meet here. */
    Flows flows() {
        return flows;
    }

    /** What guards the session's files and layout records while a job prepares or checks its files. */
    Object lock() {
        return lock;
    }

    /** A job's own abort token, cancelled when any job of the group fails. */
    void join(CancelToken abort) {
        join(abort, 0);
    }

    /** A job's own abort token, and its reporting group (what an exitall of kind group stops). */
    synchronized void join(CancelToken abort, int reportGroup) {
        aborts.add(abort);
        reportGroups.add(reportGroup);
    }

    /**
     * fio's exitall: a thread of a job ended on its own; stops what {@code exit} names (the jobs stop issuing, what
     * is in flight completes, each reports what it did).
     */
    synchronized void exit(Cadence.Exit exit, int reportGroup) {
        for (int i = 0; i < aborts.size(); i++) {
            if (exit != Cadence.Exit.GROUP || reportGroups.get(i) == reportGroup) {
                aborts.get(i).cancel();
            }
        }
        if (exit == Cadence.Exit.ALL) {
            exitedAll.cancel();
        }
    }

    /** This job is ready to start its clock; waits until every job of the group is (or one failed). */
    void arriveAndAwait() {
        ready.countDown();
        Threads.awaitUninterruptibly(ready::await);
    }

    /** A job failed: the others stop; if it had not arrived, nobody waits for it. */
    void fail(boolean arrived) {
        aborts.forEach(CancelToken::cancel);
        if (!arrived) {
            while (ready.getCount() > 0) {
                ready.countDown();
            }
        }
    }

    /** fio's startdelay: waits {@code delay} after the group's start, unless cancelled meanwhile. */
    void sleep(Duration delay, CancelToken cancel) {
        long until = System.nanoTime() + delay.toNanos();
        for (long left = delay.toNanos(); left > 0 && !cancel.isCancelled(); left = until - System.nanoTime()) {
            LockSupport.parkNanos(Math.min(left, 50_000_000L));
        }
    }
}
