package org.diolab.live.calib;

import java.nio.file.Path;
import java.util.List;

/** What a look at the saved calibration found: nothing, a file that does not read, or this machine's numbers. */
public sealed interface CalibrationStatus {
    Path file();

    /** No calibration saved yet. */
    record Missing(Path file) implements CalibrationStatus {}

    /** A file that is not a calibration (cut short, edited, from another version). */
    record Unreadable(Path file, String reason) implements CalibrationStatus {}

    /**
     * A calibration, and why it may not describe this machine as it is now (another kernel or host), empty when
     * nothing speaks against it.
     */
    record Found(Path file, Calibration calibration, List<String> doubts) implements CalibrationStatus {
        public Found {
            doubts = List.copyOf(doubts);
        }
    }
}
