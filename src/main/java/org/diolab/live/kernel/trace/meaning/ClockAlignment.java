package org.diolab.live.kernel.trace.meaning;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.diolab.live.kernel.trace.text.FtraceText;
import org.diolab.live.kernel.trace.text.MarkKind;
import org.diolab.live.kernel.trace.text.TraceEvent;

/**
 * How kernel log timestamps map onto the trace's clock: {@code traceNanos = micros * 1000 + offsetNanos}.
 *
 * <p>printk stamps every record with {@code local_clock()}, which is also what the trace clock {@code perf} reads
 * (the lab selects it), so the offset is 0 by construction; {@link #sameClock()} says so. The default trace clock,
 * {@code local}, is raw {@code sched_clock()}: on this machine it ran 39.9 ms ahead of the log's clock. For any
 * clock, {@link #fromProbe} measures the offset: the lab writes a trace_marker line, a /dev/kmsg line and a second
 * marker in a row, and the kmsg record's time is taken to lie in the middle of the two markers'.
 *
 * @param offsetNanos added to a log line's time in nanoseconds
 * @param errorNanos  how far off it can be (half the probe's bracket; 0 for the same clock)
 * @param how         one line for the report
 */
public record ClockAlignment(long offsetNanos, long errorNanos, String how) {
    /** A probe's /dev/kmsg line starts so; its id follows. */
    public static final String PROBE_PREFIX = "dio-lab clock probe ";

    /** The kmsg line of probe {@code id}. */
    public static String probeLine(long id) {
        return PROBE_PREFIX + id;
    }

    /**
     * From the first probe in a recording: its two CLOCK markers and its kmsg line in {@code log}; empty when the
     * recording has no complete probe.
     */
    public static Optional<ClockAlignment> fromRecording(FtraceText text, List<KernelLogLine> log) {
        Map<Long, Long> before = new HashMap<>();
        Map<Long, Long> after = new HashMap<>();
        for (TraceEvent e : text.events()) {
            e.mark()
                    .filter(m -> m.kind() == MarkKind.CLOCK)
                    .ifPresent(m -> (m.text("side").equals("before") ? before : after).putIfAbsent(m.seq(), e.nanos()));
        }
        for (KernelLogLine l : log) {
            int at = l.text().indexOf(PROBE_PREFIX);
            if (at < 0) {
                continue;
            }
            long id;
            try {
                id = Long.parseLong(
                        l.text().substring(at + PROBE_PREFIX.length()).strip());
            } catch (NumberFormatException e) {
                continue;
            }
            Long b = before.get(id);
            Long a = after.get(id);
            if (b != null && a != null && a >= b) {
                return Optional.of(fromProbe(b, l.micros(), a));
            }
        }
        return Optional.empty();
    }

    public static ClockAlignment sameClock() {
        return new ClockAlignment(
                0, 0, "trace clock 'perf' is printk's local_clock(): log times used as they are (µs resolution)");
    }

    /** From a probe: markers at {@code beforeNanos} and {@code afterNanos} around a kmsg line stamped {@code micros}. */
    public static ClockAlignment fromProbe(long beforeNanos, long kmsgMicros, long afterNanos) {
        if (afterNanos < beforeNanos) {
            throw new IllegalArgumentException("probe markers out of order");
        }
        long mid = beforeNanos + (afterNanos - beforeNanos) / 2;
        long offset = mid - kmsgMicros * 1000;
        return new ClockAlignment(
                offset,
                (afterNanos - beforeNanos) / 2 + 1000,
                String.format(
                        "log times moved by %+d µs onto the trace clock, ± %d µs (a marker, a kmsg line and a marker"
                                + " in a row)",
                        offset / 1000, ((afterNanos - beforeNanos) / 2 + 1000) / 1000));
    }

    /** A log line's time on the trace clock. */
    public long traceNanos(KernelLogLine line) {
        return line.micros() * 1000 + offsetNanos;
    }
}
