package org.diolab.live.job;

/**
 * fio's rate options for one job thread, per direction (0: none): {@code rate} caps bytes per second, {@code
 * rate_iops} caps I/Os per second, {@code ratemin} is the bandwidth below which the job fails. fio checks the minimum
 * every {@code ratecycle}; DIO Lab checks it over the whole run, and says so when it fails.
 */
public record Pacing(long readRate, long writeRate, long readIops, long writeIops, long readMin, long writeMin) {
    public static final Pacing NONE = new Pacing(0, 0, 0, 0, 0, 0);

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
        return new Pacing(read, write, readIops, writeIops, readMin, writeMin);
    }

    public Pacing withIops(long read, long write) {
        return new Pacing(readRate, writeRate, read, write, readMin, writeMin);
    }

    public Pacing withMinimum(long read, long write) {
        return new Pacing(readRate, writeRate, readIops, writeIops, read, write);
    }
}
