package org.diolab.live.run;

import java.util.SplittableRandom;

/**
 * Which direction the next I/O of a mixed job ({@code rw=randrw}) goes, decided the way fio decides it, so a mixed
 * job issues the same pattern under both tools: not a coin per I/O but runs in one direction. When the current run
 * has issued its quota, a new direction is drawn ({@code rwmixread} percent reads); on a switch the new run's quota
 * is the other direction's issue count scaled by the new direction's share. Runs therefore grow with the job, and
 * reads and writes come in bursts (fio's {@code get_rw_ddir} / {@code set_rwmix_bytes} for psync jobs).
 */
final class MixCycle {
    private final SplittableRandom random;
    private final int readPercent;
    private final long[] issued = new long[2];
    private boolean read = true;
    private long quota;

    MixCycle(SplittableRandom random, int readPercent) {
        this.random = random;
        this.readPercent = readPercent;
    }

    /** The next I/O's direction: true for a read. Counts it as issued. */
    boolean nextIsRead() {
        int current = read ? 0 : 1;
        if (issued[current] >= quota) {
            boolean next = random.nextInt(100) < readPercent;
            if (next != read) {
                // the old direction's count, scaled by the new direction's share
                quota = issued[current] * (next ? readPercent : 100 - readPercent) / 100;
            }
            read = next;
        }
        issued[read ? 0 : 1]++;
        return read;
    }
}
