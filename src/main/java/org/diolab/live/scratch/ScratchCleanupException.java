package org.diolab.live.scratch;

import java.io.IOException;

/** Closing a scratch session left files behind; {@link #report()} says which and why. */
public final class ScratchCleanupException extends IOException {
    private static final long serialVersionUID = 1L;
    private final transient CleanupReport report;

    public ScratchCleanupException(CleanupReport report) {
        super(report.summary());
        this.report = report;
    }

    public CleanupReport report() {
        return report;
    }
}
