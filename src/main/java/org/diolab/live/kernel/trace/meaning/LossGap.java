package org.diolab.live.kernel.trace.meaning;

/**
 * Where a recording lost events: a {@code CPU:n [LOST count EVENTS]} line, placed on the trace clock between the last
 * event of that CPU before it and the first after it (the overwritten events were that CPU's, in between). An end
 * the text does not have is {@link Long#MIN_VALUE} or {@link Long#MAX_VALUE}: the gap reaches the recording's edge.
 */
public record LossGap(int cpu, long count, long fromNanos, long toNanos) {
    /** True when the gap overlaps [{@code from}, {@code to}]: events of that stretch may be among the lost. */
    public boolean overlaps(long from, long to) {
        return fromNanos <= to && toNanos >= from;
    }
}
