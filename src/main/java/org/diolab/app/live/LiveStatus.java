package org.diolab.app.live;

/**
 * Where the Live tab's experiment is, and the line that says so. The view model decides by the phase; the text is
 * only what the screen shows.
 *
 * @param detail what the phase's line needs: a directory, a progress line, the summary of a run, an error
 */
public record LiveStatus(Phase phase, String detail) {
    /** What the tab can be doing. */
    public enum Phase {
        /** Nothing to say. */
        IDLE,
        /** Run was asked for before a scratch directory was chosen. */
        NEEDS_DIRECTORY,
        /** The path offered as scratch directory is not one. */
        NOT_A_DIRECTORY,
        /** The lesson's jobs do not parse. */
        NOT_RUNNABLE,
        /** A run is starting on its scratch directory. */
        PREPARING,
        /** A run reports its progress. */
        RUNNING,
        /** The user cancelled; the stopped run still removes its files. */
        CANCELLING,
        /** Another lesson was opened; the previous lesson's run still removes its files. */
        STOPPING_PREVIOUS,
        CANCELLED,
        DONE,
        FAILED
    }

    static final String CHOOSE_FIRST =
            "Choose a scratch directory first: DIO Lab writes its test files there, and only there.";

    public LiveStatus {
        detail = detail == null ? "" : detail;
    }

    static LiveStatus of(Phase phase) {
        return new LiveStatus(phase, "");
    }

    /** The line the tab shows. */
    public String text() {
        return switch (phase) {
            case IDLE -> "";
            case NEEDS_DIRECTORY -> CHOOSE_FIRST;
            case NOT_A_DIRECTORY -> detail + ": choose one on the disk to measure (create it first if needed).";
            case NOT_RUNNABLE -> "This lesson's experiment is not runnable: " + detail;
            case PREPARING -> "Preparing " + detail + " …";
            case RUNNING, DONE, FAILED -> detail;
            case CANCELLING -> "Cancelling; removing the scratch files…";
            case STOPPING_PREVIOUS -> "Stopping the previous lesson's experiment…";
            case CANCELLED -> "Cancelled; scratch files removed.";
        };
    }

    /** Whether a stopped run is still removing its files. */
    boolean windingDown() {
        return phase == Phase.CANCELLING || phase == Phase.STOPPING_PREVIOUS;
    }
}
