package org.diolab.live.job;

/**
 * fio's rate options for one job thread, per direction (0: none): {@code rate} caps bytes per second, {@code
 * rate_iops} caps I/Os per second, {@code ratemin} is the bandwidth below which the job fails. fio checks the minimum
 * every {@code ratecycle}; DIO Lab checks it over the whole run, and says so when it fails.
 *
 * @param poisson fio's {@code rate_process=poisson}: the gaps between I/Os are drawn from an exponential
 *                distribution with the rate's mean (from the job's seed), not fixed
 * @param offload fio's {@code io_submit_mode=offload}: each I/O is issued at its due time whatever is in flight,
 *                and its latency counts from that time, so a device that backs up shows in the latency (fio's
 *                answer to coordinated omission); inline (the default), like fio, lets the queue drain before
 *                waiting for the next due time
 */
public record Pacing(
        long readRate,
        long writeRate,
        long readIops,
        long writeIops,
        long readMin,
        long writeMin,
        boolean poisson,
        boolean offload) {
    public static final Pacing NONE = new Pacing(0, 0, 0, 0, 0, 0);

    /** Rates only, linear and inline (fio's defaults). */
    public Pacing(long readRate, long writeRate, long readIops, long writeIops, long readMin, long writeMin) {
        this(readRate, writeRate, readIops, writeIops, readMin, writeMin, false, false);
    }

    public Pacing {
        if (readRate < 0 || writeRate < 0 || readIops < 0 || writeIops < 0 || readMin < 0 || writeMin < 0) {
            throw LiveRefusal.badOption("rates cannot be negative");
        }
    }

    /** True when I/O is throttled at all (the worker then checks its budget before each I/O). */
    public boolean throttles() {
        return readRate > 0 || writeRate > 0 || readIops > 0 || writeIops > 0;
    }

    /** True when a minimum is to be checked after the run. */
    public boolean hasMinimum() {
        return readMin > 0 || writeMin > 0;
    }

    public Pacing withRate(long read, long write) {
        return new Pacing(read, write, readIops, writeIops, readMin, writeMin, poisson, offload);
    }

    public Pacing withIops(long read, long write) {
        return new Pacing(readRate, writeRate, read, write, readMin, writeMin, poisson, offload);
    }

    public Pacing withMinimum(long read, long write) {
        return new Pacing(readRate, writeRate, readIops, writeIops, read, write, poisson, offload);
    }

    public Pacing withPoisson(boolean p) {
        return new Pacing(readRate, writeRate, readIops, writeIops, readMin, writeMin, p, offload);
    }

    public Pacing withOffload(boolean o) {
        return new Pacing(readRate, writeRate, readIops, writeIops, readMin, writeMin, poisson, o);
    }
}
