package org.diolab.live;

import java.time.Duration;

/**
 * How a job is observed, as opposed to what it does ({@link JobSpec}).
 *
 * @param sampleInterval bandwidth sampling and progress period (fio logs bandwidth every 500 ms by default)
 */
public record RunOptions(Duration sampleInterval) {
    public RunOptions {
        if (sampleInterval.toMillis() < 10) {
            throw LiveRefusal.badOption("sampling interval must be at least 10ms");
        }
    }

    public static RunOptions defaults() {
        return new RunOptions(Duration.ofMillis(500));
    }
}
