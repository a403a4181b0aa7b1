package org.diolab.live.kernel.trace.meaning;

import java.util.Map;
import org.diolab.live.kernel.trace.text.TraceEvent;
import org.jspecify.annotations.Nullable;

/**
 * One thing that happened, on one column, in the lessons' words: a tracepoint, a lab marker, or a kernel log line
 * moved onto the trace clock.
 *
 * @param nanos  on the trace clock
 * @param order  breaks ties of the same time: the trace's own order, log lines after the events of their microsecond
 * @param what   the event's name ({@code block_rq_issue}, {@code read-end}, {@code kmsg})
 * @param detail one line: "loop0: leg 0, read 64 KiB at sector 285568", "ret=-5 (EIO)"
 * @param args   the decoded fields, for hovering
 * @param source the event it came from; null for a log line
 */
public record Moment(
        long nanos,
        long order,
        Column column,
        Step step,
        String what,
        String detail,
        Map<String, String> args,
        @Nullable TraceEvent source) {
    public Moment {
        args = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(args));
    }

    /** True for the steps that tell the story of a failure (not scheduler noise or unrelated events). */
    public boolean tellsTheStory() {
        return step != Step.OTHER && step != Step.SCHEDULE;
    }
}
