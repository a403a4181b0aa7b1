package org.diolab.cli;

import java.io.PrintWriter;
import java.util.Locale;
import org.diolab.live.job.FioUnits;
import org.diolab.live.job.Progress;
import org.diolab.live.job.ProgressListener;

/**
 * Prints live progress to stderr: one line rewritten in place on a terminal, or one line per second when stderr is
 * a file or pipe (so logs stay readable). Stdout stays clean for the report.
 */
final class ProgressPrinter implements ProgressListener {
    private final PrintWriter err;
    private final boolean inPlace;
    private long lastPrinted;
    private boolean lineOpen;

    ProgressPrinter(PrintWriter err, boolean inPlace) {
        this.err = err;
        this.inPlace = inPlace;
    }

    @Override
    public synchronized void onProgress(Progress p) {
        long now = System.nanoTime();
        if (!inPlace && now - lastPrinted < 1_000_000_000L) {
            return;
        }
        lastPrinted = now;
        String done = FioUnits.humanBytes(p.bytesDone());
        String line = switch (p.phase()) {
            case PREPARE ->
                String.format(
                        Locale.ROOT,
                        "[%s] laying out files: %s of %s",
                        p.jobName(),
                        done,
                        FioUnits.humanBytes(p.bytesTotal()));
            case VERIFY ->
                String.format(
                        Locale.ROOT,
                        "[%s] verifying: %s of %s read back",
                        p.jobName(),
                        done,
                        FioUnits.humanBytes(p.bytesTotal()));
            case RUN ->
                String.format(
                        Locale.ROOT,
                        "[%s] %s done, %.1f MiB/s, %.1fs%s",
                        p.jobName(),
                        done,
                        p.currentMiBps(),
                        p.elapsedNanos() / 1e9,
                        p.targetNanos() > 0
                                ? String.format(Locale.ROOT, " of %.1fs", p.targetNanos() / 1e9)
                                : String.format(Locale.ROOT, " (%.0f%%)", 100 * p.fraction()));
        };
        if (inPlace) {
            err.print("\r" + line + "\u001b[K");
            lineOpen = true;
        } else {
            err.println(line);
        }
        err.flush();
    }

    /** A printer that rewrites its line in place only when stderr is a terminal. */
    static ProgressPrinter forStderr(PrintWriter err) {
        java.io.Console console = System.console();
        return new ProgressPrinter(err, console != null && console.isTerminal());
    }

    /** Ends the in-place line so the next message starts on its own line. */
    synchronized void finish() {
        if (lineOpen) {
            err.println();
            err.flush();
            lineOpen = false;
        }
    }
}
