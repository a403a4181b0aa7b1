package org.diolab.live.job;

/**
 * A progress report from a running job, sent from the job's coordinating thread every sampling interval. The app
 * must hand it to its UI thread itself; the CLI prints it to stderr.
 *
 * @param bytesTotal  bytes the phase will move, or -1 when the job is time based (then use {@link #fraction()})
 * @param targetNanos the runtime of a time-based job, else 0
 * @param currentMiBps bandwidth over the last interval
 */
public record Progress(
        String jobName,
        Phase phase,
        long bytesDone,
        long bytesTotal,
        long elapsedNanos,
        long targetNanos,
        double currentMiBps) {

    /** What the job is doing. */
    public enum Phase {
        /** Laying out the files (and their checksums) before the clock starts. */
        PREPARE,
        /** The measured part. */
        RUN,
        /** Reading everything back to compare mirrors and check checksums and data. */
        VERIFY
    }

    /** Completed fraction between 0 and 1, by bytes or by time. */
    public double fraction() {
        if (bytesTotal > 0) {
            return Math.min(1.0, (double) bytesDone / bytesTotal);
        }
        if (targetNanos > 0) {
            return Math.min(1.0, (double) elapsedNanos / targetNanos);
        }
        return 0;
    }
}
