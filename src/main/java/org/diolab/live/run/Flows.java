package org.diolab.live.run;

import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import org.diolab.live.job.Flow;

/**
 * fio's flows for the jobs that run at the same time (one {@link JobGroup}): per flow id, one count of I/Os shared by
 * its members and the sum of their weights. A member is one worker thread (fio: one job thread) with its own count.
 * Before each I/O a member asks {@link Member#overShare()}: its count's share of the flow's against its weight's share
 * of the flow's weight; over it, it waits; else both counts go up by one. A member that ends takes its count and
 * weight out, so the others are not held back by a job that is gone. Written from fio's HOWTO (flow, flow_id,
 * flow_sleep) and its behaviour.
 */
final class Flows {
    private static final class Shared {
        final AtomicLong count = new AtomicLong(1); // fio starts a flow's count at 1: no division by zero
        final AtomicLong weight = new AtomicLong();
        int members;
    }

    private final Map<Integer, Shared> byId = new HashMap<>();

    /** A worker of a job with {@code flow} joins its flow (before the group's clocks start). */
    synchronized Member join(Flow flow) {
        Shared s = byId.computeIfAbsent(flow.id(), id -> new Shared());
        s.members++;
        s.weight.addAndGet(flow.weight());
        return new Member(flow, s);
    }

    private synchronized void leave(Member m) {
        m.shared.count.addAndGet(-m.count);
        m.shared.weight.addAndGet(-m.flow.weight());
        if (--m.shared.members == 0) {
            byId.remove(m.flow.id());
        }
    }

    /** One worker's place in its flow; used by that worker's thread only (the shared counts are atomic). */
    final class Member {
        private final Flow flow;
        private final Shared shared;
        private long count;
        private boolean left;

        private Member(Flow flow, Shared shared) {
            this.flow = flow;
            this.shared = shared;
        }

        /**
         * True when this worker has done more than its weight's share of the flow's I/Os: it must wait. False takes
         * the next I/O's token: this worker's count and the flow's go up by one.
         */
        boolean overShare() {
            double done = (double) count / shared.count.get();
            double due = (double) flow.weight() / shared.weight.get();
            if (done > due) {
                return true;
            }
            shared.count.incrementAndGet();
            count++;
            return false;
        }

        /** How long to wait when over the share (fio's flow_sleep). */
        long sleepNanos() {
            return flow.sleep().toNanos();
        }

        /** This worker's I/Os counted in the flow. */
        long count() {
            return count;
        }

        /** The worker ended: its count and weight leave the flow (once). */
        void leave() {
            if (!left) {
                left = true;
                Flows.this.leave(this);
            }
        }
    }
}
