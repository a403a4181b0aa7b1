package org.diolab.app;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * With {@code -Ddio-lab.startup-trace=FILE}, notes how long after the process started each phase of the start was
 * reached ({@code window-shown 812}, {@code lessons-loaded 1630}, ...) and writes them to FILE once the first lesson
 * is on show: what {@code bench/startup.sh} prints beside the time it sees the window. Otherwise does nothing.
 */
public final class StartupTrace {
    public static final String PROPERTY = "dio-lab.startup-trace";
    private static final String FILE = System.getProperty(PROPERTY);
    private static final Instant START =
            FILE == null ? null : ProcessHandle.current().info().startInstant().orElse(Instant.now());
    private static final List<String> MARKS = new ArrayList<>();

    private StartupTrace() {}

    /** Notes that {@code phase} was reached now. */
    public static synchronized void mark(String phase) {
        if (FILE != null) {
            MARKS.add(phase + " " + (Instant.now().toEpochMilli() - START.toEpochMilli()));
        }
    }

    /** Notes the last phase and writes the file. */
    public static synchronized void finish(String phase) {
        if (FILE != null && !MARKS.isEmpty()) {
            mark(phase);
            try {
                Files.write(Path.of(FILE), MARKS);
            } catch (IOException e) {
                // a benchmark aid only: a trace that cannot be written must not stop the app
            }
            MARKS.clear();
        }
    }
}
