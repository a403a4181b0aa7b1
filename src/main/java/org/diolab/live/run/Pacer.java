package org.diolab.live.run;

import java.util.SplittableRandom;
import java.util.concurrent.locks.LockSupport;
import org.diolab.live.job.CancelToken;
import org.diolab.live.job.Pacing;

/**
 * Holds a worker to fio's rate, rate_iops, rate_process and io_submit_mode. Each I/O has a due time: with the linear
 * process the time its direction's bytes (or count) so far take at the rate; with {@code rate_process=poisson} the
 * previous due time plus an exponential gap of mean 1/IOPS (IOPS: rate_iops, or the rate over the smallest block
 * size, fio's lambda), drawn from the job's seed. Before an I/O that is early:
 * <ul>
 *   <li>inline (fio's default) lets the queue drain first and then sleeps, as fio's job thread quiesces its I/O
 *       before it sleeps for the rate;</li>
 *   <li>offload keeps what is in flight going and reaps it while it waits, so the I/O goes out on time; its latency
 *       then counts from its due time (see {@link Pacing#offload()}).</li>
 * </ul>
 */
final class Pacer {
    /** The worker's queue, as the pacer needs it while it waits. */
    interface Queue {
        int inFlight();

        /** Reaps at least {@code min} completions (0: whatever is done now, without waiting). */
        void reap(int min) throws Exception;
    }

    /** How often an offloading wait looks for completions: latency is then late by this much at most. */
    private static final long POLL_NANOS = 20_000;

    private final Pacing p;
    private final long minSize;
    private final WorkerClock clock;
    private final CancelToken user;
    private final CancelToken abort;
    private final Queue queue;
    private final SplittableRandom poisson;
    private final double[] poissonDue = new double[2];

    Pacer(Pacing p, long minSize, long seed, WorkerClock clock, CancelToken user, CancelToken abort, Queue queue) {
        this.p = p;
        this.minSize = minSize;
        this.clock = clock;
        this.user = user;
        this.abort = abort;
        this.queue = queue;
        this.poisson = new SplittableRandom(seed ^ 0x3C6EF372FE94F82BL);
    }

    /**
     * Waits until the I/O after {@code n} I/Os and {@code bytes} bytes of its direction is due; returns its due time
     * (System.nanoTime), 0 when its direction is not paced.
     */
    long pace(boolean read, long n, long bytes) throws Exception {
        long after = after(read, n, bytes);
        if (after < 0) {
            return 0;
        }
        long due = clock.startNanos + after;
        if (due - System.nanoTime() <= 0) {
            return due;
        }
        if (!p.offload()) {
            while (queue.inFlight() > 0) {
                queue.reap(queue.inFlight());
            }
        }
        boolean deadlineApplies = clock.timeBased || clock.capped;
        for (long wait = due - System.nanoTime(); wait > 0; wait = due - System.nanoTime()) {
            if (user.isCancelled() || abort.isCancelled()) {
                break;
            }
            if (deadlineApplies && System.nanoTime() - clock.deadlineNanos >= 0) {
                break; // the time is up before this I/O is due: the worker stops instead of issuing it
            }
            if (p.offload() && queue.inFlight() > 0) {
                queue.reap(0);
                LockSupport.parkNanos(Math.min(wait, POLL_NANOS));
            } else {
                LockSupport.parkNanos(Math.min(wait, 50_000_000L));
            }
        }
        return due;
    }

    /** Nanoseconds after the start that the I/O is due, or -1 when its direction has no rate. */
    private long after(boolean read, long n, long bytes) {
        long rate = read ? p.readRate() : p.writeRate();
        long iops = read ? p.readIops() : p.writeIops();
        if (rate <= 0 && iops <= 0) {
            return -1;
        }
        if (p.poisson()) {
            double perSecond = iops > 0 ? iops : (double) rate / minSize;
            int d = read ? 0 : 1;
            double due = poissonDue[d];
            poissonDue[d] += 1e9 / perSecond * -Math.log(1.0 - poisson.nextDouble());
            return (long) due;
        }
        long due = 0;
        if (rate > 0) {
            due = Math.max(due, (long) (bytes * 1e9 / rate));
        }
        if (iops > 0) {
            due = Math.max(due, (long) (n * 1e9 / iops));
        }
        return due;
    }
}
