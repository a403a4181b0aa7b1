package org.diolab.live.job;

import java.time.Duration;
import java.util.Objects;

/**
 * fio's token-based flow control ({@code flow}, {@code flow_id}, {@code flow_sleep}): jobs of one flow id running at
 * the same time keep their I/O counts in proportion to their weights. Each I/O adds one to the job's count and to
 * the flow's; a job whose share of the flow's count is above its share of the flow's weight waits
 * ({@code flow_sleep}, after its queue drains) and tries again. {@code flow=1} and {@code flow=8} on two jobs: about
 * one I/O of the first for eight of the second.
 *
 * @param weight the job's weight (fio's {@code flow}); 0: not in a flow
 * @param id     the flow it belongs to (fio's {@code flow_id}; 0, the one global flow, by default)
 * @param sleep  how long a job over its share waits before it tries again (fio's {@code flow_sleep}, µs; 0: at once)
 */
public record Flow(int weight, int id, Duration sleep) {
    public static final int MAX_WEIGHT = 1_000_000;
    public static final Duration MAX_SLEEP = Duration.ofSeconds(10);
    public static final Flow NONE = new Flow(0, 0, Duration.ZERO); // after the limits it is checked against

    public Flow {
        Objects.requireNonNull(sleep, "sleep");
        if (weight < 0 || weight > MAX_WEIGHT) {
            throw LiveRefusal.badOption("flow " + weight + " must be between 0 and " + MAX_WEIGHT);
        }
        if (id < 0) {
            throw LiveRefusal.badOption("flow_id " + id + " must be 0 or more");
        }
        if (sleep.isNegative() || sleep.compareTo(MAX_SLEEP) > 0) {
            throw LiveRefusal.badOption("flow_sleep " + sleep.toNanos() / 1000 + " us is out of range; use 0 to "
                    + MAX_SLEEP.toNanos() / 1000 + " (microseconds)");
        }
    }

    /** Whether the job takes part in a flow (fio: a non-zero {@code flow}). */
    public boolean active() {
        return weight > 0;
    }

    public Flow withWeight(int w) {
        return new Flow(w, id, sleep);
    }

    public Flow withId(int i) {
        return new Flow(weight, i, sleep);
    }

    public Flow withSleep(Duration s) {
        return new Flow(weight, id, s);
    }
}
