package org.diolab.live.kernel.trace;

import java.nio.file.Path;
import java.util.Optional;

/**
 * Something the lab's tracing made outside its own files, to be recorded in the session manifest before it is made
 * and removed (or, after a kill, swept by the next run): a tracefs mount at a private directory of the session, and
 * the session's instance directory {@code instances/dio-lab-<session>}.
 */
public record TraceResource(Kind kind, Path path, String session) {
    public enum Kind {
        /** tracefs mounted by the lab at a directory of its session; undone by unmounting. */
        TRACEFS_MOUNT("tracefs-mount"),
        /** An instance the lab created; undone by rmdir (which the kernel refuses while a reader holds it). */
        TRACE_INSTANCE("trace-instance");

        private final String word;

        Kind(String word) {
            this.word = word;
        }

        public String word() {
            return word;
        }
    }

    /** "trace-instance SESSION PATH": one manifest line (a path has no newline; spaces are kept). */
    public String manifestLine() {
        return kind.word() + " " + session + " " + path;
    }

    /** Reads a {@link #manifestLine()} back; empty for any other line. */
    public static Optional<TraceResource> parse(String line) {
        String[] p = line.split(" ", 3);
        if (p.length < 3 || p[2].isEmpty()) {
            return Optional.empty();
        }
        for (Kind k : Kind.values()) {
            if (k.word().equals(p[0])) {
                return Optional.of(new TraceResource(k, Path.of(p[2]), p[1]));
            }
        }
        return Optional.empty();
    }
}
