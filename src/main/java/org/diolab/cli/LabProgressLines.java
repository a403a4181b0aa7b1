package org.diolab.cli;

import java.io.PrintWriter;
import java.util.Locale;

/**
 * The kernel lab's progress on stderr, "[ 40%] who: step": a line each time it changes, none in place, since the lab's
 * steps are seconds apart and its output is often kept in a log.
 */
final class LabProgressLines {
    private final PrintWriter err;
    private String last = "";

    LabProgressLines(PrintWriter err) {
        this.err = err;
    }

    void print(double fraction, String who, String step) {
        String line = String.format(Locale.ROOT, "[%3.0f%%] %s: %s", 100 * fraction, who, step);
        if (!line.equals(last)) {
            err.println(line);
            err.flush();
            last = line;
        }
    }
}
