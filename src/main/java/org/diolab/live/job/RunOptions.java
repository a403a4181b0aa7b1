package org.diolab.live.job;

import java.time.Duration;

/**
 * How a job is observed, as opposed to what it does ({@link JobSpec}).
 *
 * @param sampleInterval bandwidth sampling and progress period (fio logs bandwidth every 500 ms by default)
 */
public record RunOptions(Duration sampleInterval) {
    public static final Duration MIN_INTERVAL = Duration.ofMillis(10);
    public static final Duration MAX_INTERVAL = Duration.ofHours(1);

    public RunOptions {
        if (sampleInterval.compareTo(MIN_INTERVAL) < 0 || sampleInterval.compareTo(MAX_INTERVAL) > 0) {
            throw LiveRefusal.badOption("sampling interval " + FioUnits.formatTime(sampleInterval) + " is out of"
                    + " range; use 10ms to 1h");
        }
    }

    public static RunOptions defaults() {
        return new RunOptions(Duration.ofMillis(500));
    }
}
