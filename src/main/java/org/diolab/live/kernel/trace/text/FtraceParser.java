package org.diolab.live.kernel.trace.text;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads ftrace's default text output ({@code trace} or {@code trace_pipe} of an instance, nop tracer), as Linux 6.18
 * prints it:
 *
 * <pre>
 * # entries-in-buffer/entries-written: 14/14   #P:2
 *               dd-21900   [001] .....   640.052450: iomap_dio_rw_begin: dev 0:40 ino 0x101 ...
 *     kworker/1:1H-44      [001] .....   636.894457: block_rq_issue: 7,0 RM 16384 () 76192 + 32 be,0,4 [kworker/1:1H]
 * CPU:1 [LOST 42 EVENTS]
 * </pre>
 *
 * A task's comm may hold dashes and spaces, so a line is read from its {@code -pid [cpu]} anchor outwards; a
 * {@code (tgid)} column (option record-tgid) is accepted and skipped.
 */
public final class FtraceParser {
    private static final Pattern EVENT = Pattern.compile(
            "^(.*?)-(\\d+)\\s+(?:\\(\\s*[-\\d]+\\)\\s+)?\\[(\\d+)\\]\\s+(\\S+)\\s+(\\d+(?:\\.\\d+)?):\\s+(\\w+):\\s?(.*)$");
    private static final Pattern LOST = Pattern.compile("^CPU:(\\d+) \\[LOST (\\d+) EVENTS\\]$");
    private static final Pattern TRACER = Pattern.compile("^# tracer: (\\S+)");
    private static final Pattern ENTRIES =
            Pattern.compile("^# entries-in-buffer/entries-written: (\\d+)/(\\d+)\\s+#P:(\\d+)");

    private FtraceParser() {}

    /** Every line of a trace text; blank and comment lines other than the header's are skipped. */
    public static FtraceText parse(List<String> lines) {
        String tracer = "";
        long inBuffer = -1;
        long written = -1;
        int cpus = -1;
        List<TraceEvent> events = new ArrayList<>();
        List<LostEvents> lost = new ArrayList<>();
        int unparsed = 0;
        for (String line : lines) {
            if (line.isBlank()) {
                continue;
            }
            if (line.startsWith("#")) {
                Matcher t = TRACER.matcher(line);
                Matcher e = ENTRIES.matcher(line);
                if (t.find()) {
                    tracer = t.group(1);
                } else if (e.find()) {
                    inBuffer = Long.parseLong(e.group(1));
                    written = Long.parseLong(e.group(2));
                    cpus = Integer.parseInt(e.group(3));
                }
                continue;
            }
            Matcher l = LOST.matcher(line.strip());
            if (l.matches()) {
                lost.add(new LostEvents(Integer.parseInt(l.group(1)), Long.parseLong(l.group(2)), events.size()));
                continue;
            }
            Optional<TraceEvent> ev = event(line, events.size());
            if (ev.isPresent()) {
                events.add(ev.get());
            } else {
                unparsed++;
            }
        }
        return new FtraceText(new TraceHeader(tracer, inBuffer, written, cpus), events, lost, unparsed);
    }

    /** One event line, as the {@code seq}-th event; empty when it is not one. */
    public static Optional<TraceEvent> event(String line, long seq) {
        Matcher m = EVENT.matcher(line);
        if (!m.matches()) {
            return Optional.empty();
        }
        long nanos;
        try {
            nanos = Timestamps.parse(m.group(5));
        } catch (NumberFormatException e) {
            return Optional.empty();
        }
        String name = m.group(6);
        String body = m.group(7);
        Payload payload;
        try {
            payload = FieldDecoder.decode(name, body);
        } catch (IllegalArgumentException e) {
            payload = new Payload.Fields(java.util.Map.of()); // a field out of range: the event stays, undecoded
        }
        return Optional.of(new TraceEvent(
                seq,
                m.group(1).strip(),
                Integer.parseInt(m.group(2)),
                Integer.parseInt(m.group(3)),
                m.group(4),
                nanos,
                name,
                body,
                payload));
    }
}
