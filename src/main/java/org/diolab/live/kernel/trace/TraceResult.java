package org.diolab.live.kernel.trace;

import java.util.ArrayList;
import java.util.List;
import org.diolab.live.kernel.trace.text.FtraceParser;
import org.diolab.live.kernel.trace.text.FtraceText;

/**
 * What a recording kept, and what it can say about itself.
 *
 * @param instance   the instance's name ({@code dio-lab-<session>}), removed by now
 * @param lines      the kept ftrace lines, in the kernel's order ({@link WindowPolicy}); {@code gaps} places where
 *                   lines between kept ones were left out
 * @param whole      true when the reader read the recorder's last line: everything before it was drained
 * @param buffer     the kernel ring's own counts at the end (overrun: events overwritten before they were read)
 * @param markerLines lines the lab's threads wrote; {@code markerFailures} those that could not be written
 */
public record TraceResult(
        String scenario,
        String instance,
        TraceInstance.Configured configured,
        List<String> lines,
        long gaps,
        WindowStats stats,
        BufferStats buffer,
        String clock,
        long markerLines,
        long markerFailures,
        boolean whole) {
    public TraceResult {
        lines = List.copyOf(lines);
    }

    public FtraceText parse() {
        return FtraceParser.parse(lines);
    }

    /**
     * Events the recording lacks: overwritten in the ring before the reader got to them, or dropped. The pipe's
     * {@code [LOST n EVENTS]} lines report the same overwrites as the ring's {@code overrun} count (each is the rise
     * of that counter since the reader's last page), so the two are not added: the larger is taken (the count may
     * rise after the reader's last line, the lines may sum what a CPU's stats file no longer holds).
     */
    public long lost() {
        return Math.max(buffer.overrun(), stats.lostLines()) + buffer.commitOverrun() + buffer.dropped();
    }

    /** The raw text as the kernel's trace file would start it, then the kept lines; Perfetto reads this. */
    public List<String> ftraceText() {
        return ftraceText(List.of());
    }

    /**
     * As {@link #ftraceText()}, with {@code notes} (comment lines, each starting with "# ") after the lab's summary
     * line: what a reader of the file needs besides the events (the lab's devices, its kernel log lines). The
     * header's entries count the kept lines as held and the lost events as overwritten, so the text read back says
     * what was lost, not what the window left out.
     */
    public List<String> ftraceText(List<String> notes) {
        List<String> out = new ArrayList<>();
        out.add("# tracer: nop");
        out.add("#");
        out.add("# entries-in-buffer/entries-written: " + lines.size() + "/" + (lines.size() + lost()) + "   #P:"
                + Runtime.getRuntime().availableProcessors());
        out.add("#");
        out.add("# dio-lab: scenario " + scenario + ", instance " + instance + ", trace clock " + clock + ", "
                + stats.windows() + " failure window(s), " + gaps + " gap(s) where lines were left out of "
                + stats.linesRead() + " read, " + lost() + " event(s) lost");
        for (String n : notes) {
            if (!n.startsWith("# ") || n.indexOf('\n') >= 0) {
                throw new IllegalArgumentException("a note is one comment line: " + n);
            }
            out.add(n);
        }
        out.add("#");
        out.add("#           TASK-PID     CPU#  |||||  TIMESTAMP  FUNCTION");
        out.add("#              | |         |   |||||     |         |");
        out.addAll(lines);
        return out;
    }

    /** One paragraph for the report: what was recorded and what is missing from it. */
    public String describe() {
        return String.format(
                "%s: %d event(s) on (%s)%s; read %,d line(s), kept %,d in %d failure window(s) and the head and tail;"
                        + " %,d call(s) ended, %,d EIO, %,d EAGAIN; %,d lost%s",
                instance,
                configured.enabled().size(),
                String.join(
                        ", ",
                        configured.enabled().stream().map(s -> s.split(" ")[0]).toList()),
                configured.missing().isEmpty() ? "" : "; not recorded: " + String.join("; ", configured.missing()),
                stats.linesRead(),
                stats.linesKept(),
                stats.windows(),
                stats.calls(),
                stats.eio(),
                stats.eagain(),
                lost(),
                whole ? "" : "; the reader did not reach the end (stopped after a timeout)");
    }
}
