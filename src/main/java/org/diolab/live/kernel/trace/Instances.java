package org.diolab.live.kernel.trace;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;

/**
 * The lab's instances in a tracefs: removing one, and sweeping those of ended sessions that a killed run left. An
 * instance keeps its ring buffer (and its events on) until removed, so one left behind costs memory and CPU.
 */
public final class Instances {
    private static final int TRIES = 20;

    private Instances() {}

    /** rmdir of an instance directory, retried while busy (a reader's descriptor is being released); absent is fine. */
    static void remove(Path dir) throws IOException {
        IOException last = new IOException("not tried");
        for (int i = 0; i < TRIES; i++) {
            try {
                Files.delete(dir);
                return;
            } catch (NoSuchFileException e) {
                return;
            } catch (IOException e) {
                last = e;
                sleep(50L * (i + 1));
            }
        }
        throw new IOException(
                "cannot remove trace instance " + dir + ": " + last.getMessage()
                        + " (a process still has its trace_pipe or trace_marker open; rmdir it when that process ends)",
                last);
    }

    /** The session ids of the lab's instances in {@code fs}. */
    public static List<String> sessions(Tracefs fs) throws IOException {
        List<String> out = new ArrayList<>();
        try (var s = Files.list(fs.root().resolve("instances"))) {
            for (Path p : s.toList()) {
                String n = p.getFileName().toString();
                if (n.startsWith(TraceInstance.PREFIX)
                        && n.substring(TraceInstance.PREFIX.length()).matches("[a-z0-9]{1,32}")) {
                    out.add(n.substring(TraceInstance.PREFIX.length()));
                }
            }
        }
        out.sort(null);
        return out;
    }

    /**
     * Removes the instances of sessions that {@code ended} says are over (phase 2: the session's lock could be taken
     * and its manifest lists the instance); one line per instance removed, problems added to {@code problems}.
     */
    public static List<String> sweep(Tracefs fs, Predicate<String> ended, List<String> problems) throws IOException {
        List<String> removed = new ArrayList<>();
        for (String session : sessions(fs)) {
            if (!ended.test(session)) {
                continue;
            }
            Path dir = TraceInstance.pathFor(fs, session);
            try {
                TracefsFiles.write(dir.resolve("tracing_on"), "0");
                TracefsFiles.write(dir.resolve("events").resolve("enable"), "0");
                remove(dir);
                removed.add("removed trace instance " + dir);
            } catch (IOException e) {
                problems.add(e.getMessage());
            }
        }
        return removed;
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt(); // keep removing; the caller sees the flag
        }
    }
}
