package org.diolab.live.kernel.trace.meaning;

import java.util.ArrayList;
import java.util.List;

/**
 * Hand-made ftrace lines in this kernel's format, for cases the recorded fixture lacks (writes, NOWAIT, findings);
 * each line's fields are copied from a recorded line of the same event, only times, pids and numbers differ.
 */
final class Lines {
    private final List<String> out = new ArrayList<>();

    Lines at(String task, int pid, long micros, String event, String body) {
        out.add(String.format(
                "%16s-%-7d [000] .....  %d.%06d: %s: %s",
                task, pid, micros / 1_000_000, micros % 1_000_000, event, body));
        return this;
    }

    Lines mark(String task, int pid, long micros, String text) {
        return at(task, pid, micros, "tracing_mark_write", "dio-lab " + text);
    }

    List<String> lines() {
        return List.copyOf(out);
    }
}
