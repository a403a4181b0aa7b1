package org.diolab.app;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * With {@code -Ddio-lab.startup-trace=FILE}, notes how long after the launch each phase of the start was reached, and
 * the CPU time this process had used by then ({@code window-shown 812 905}, {@code lesson-shown 1630 2480}, ms), and
 * writes them to FILE once the first lesson is on show: what {@code bench/startup.sh} prints beside the time it sees
 * the window. The CPU time says what a start costs even on a busy machine, where waiting for a core stretches the
 * wall time. Otherwise does nothing.
 *
 * <p>The launch is {@code -Ddio-lab.startup-origin=EPOCH_MS} when given (the benchmark's own clock when it started
 * the command, so a start through {@code java -jar}, which runs the launcher in a second process, counts from the
 * first), else this process's start. That is read from {@code /proc} against the uptime clock: the JDK's process start
 * instant adds the boot time, which Linux gives in whole seconds, and was up to a second early (every phase read late).
 */
public final class StartupTrace {
    public static final String PROPERTY = "dio-lab.startup-trace";
    public static final String ORIGIN = "dio-lab.startup-origin";
    private static final String FILE = System.getProperty(PROPERTY);
    private static final long START_MS = FILE == null ? 0 : origin();
    private static final List<String> MARKS = new ArrayList<>();

    private StartupTrace() {}

    /** Notes that {@code phase} was reached now. */
    public static synchronized void mark(String phase) {
        if (FILE != null) {
            MARKS.add(phase + " " + (System.currentTimeMillis() - START_MS) + " " + cpuMs());
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

    /** User + system CPU time of this process so far (fields 14 and 15 of /proc/self/stat, in ticks), -1 if unknown. */
    private static long cpuMs() {
        try {
            return cpuMs(Files.readString(Path.of("/proc/self/stat"), StandardCharsets.US_ASCII));
        } catch (IOException | RuntimeException e) {
            return -1;
        }
    }

    static long cpuMs(String stat) {
        String[] after = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
        return (Long.parseLong(after[11]) + Long.parseLong(after[12])) * 10; // fields 14 and 15: 12th and 13th after
    }

    private static long origin() {
        String given = System.getProperty(ORIGIN);
        if (given != null && given.matches("[0-9]{1,19}")) {
            return Long.parseLong(given);
        }
        long now = System.currentTimeMillis();
        try {
            return now
                    - ageMs(
                            Files.readString(Path.of("/proc/self/stat"), StandardCharsets.US_ASCII),
                            Files.readString(Path.of("/proc/uptime"), StandardCharsets.US_ASCII));
        } catch (IOException | RuntimeException e) {
            return ProcessHandle.current()
                    .info()
                    .startInstant()
                    .orElse(Instant.now())
                    .toEpochMilli();
        }
    }

    /**
     * How long ago the process of {@code stat} (a {@code /proc/PID/stat} line) started, by {@code uptime} (the text of
     * {@code /proc/uptime}): its start time is field 22, in clock ticks since boot (100 a second on Linux).
     */
    static long ageMs(String stat, String uptime) {
        String[] after = stat.substring(stat.lastIndexOf(')') + 2).split(" "); // the name may hold spaces
        long startTicks = Long.parseLong(after[19]); // field 22: the 20th after the name (field 2)
        double up = Double.parseDouble(uptime.substring(0, uptime.indexOf(' ')));
        return Math.max(0, Math.round(up * 1000) - startTicks * 10);
    }
}
