package org.diolab.live.kernel.trace.export;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.diolab.live.kernel.trace.meaning.Column;
import org.diolab.live.kernel.trace.meaning.Failure;
import org.diolab.live.kernel.trace.meaning.Moment;
import org.diolab.live.kernel.trace.meaning.Operation;
import org.diolab.live.kernel.trace.meaning.Step;
import org.diolab.live.kernel.trace.meaning.StorePass;
import org.diolab.live.kernel.trace.meaning.TraceReading;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * A reading as Chrome trace-event JSON ({@code {"traceEvents": [...], "displayTimeUnit": "ns"}}): {@code ph:"M"}
 * process and thread names, {@code ph:"X"} complete slices (a lab call from begin to end marker, a device request
 * from issue to completion, a scribbler's pass over the buffer, a failure's stretch), {@code ph:"i"} thread-scoped instants for every other moment.
 * Times are microseconds on the trace clock, as in the raw text, so both files line up.
 */
public final class ChromeTrace {
    static final JsonMapper MAPPER = JsonMapper.builder().build();

    private ChromeTrace() {}

    public static ObjectNode render(String title, TraceReading r, List<Failure> failures) {
        ObjectNode root = MAPPER.createObjectNode();
        ArrayNode ev = root.putArray("traceEvents");
        Tracks tracks = new Tracks(r.columns());
        metadata(ev, title, r.columns(), tracks, !failures.isEmpty());
        for (Operation op : r.operations()) {
            ObjectNode x = slice(ev, op.describe(), "call", op.beginNanos(), op.endNanos(), tracks, op.column());
            ObjectNode a = x.putObject("args");
            a.put("seq", op.seq());
            a.put("offset", op.offset());
            a.put("length", op.length());
            a.put("file", op.file());
            a.put("ret", op.ret());
            a.put("result", op.result());
        }
        for (StorePass p : r.stores()) {
            slice(ev, "store " + p.value(), "store", p.beginNanos(), p.endNanos(), tracks, p.column())
                    .putObject("args")
                    .put("pass", p.pass());
        }
        Map<String, Moment> issued = new HashMap<>();
        for (Moment m : r.moments()) {
            if (m.step() == Step.CALL || m.step() == Step.RETURN) {
                continue; // drawn as the call's slice
            }
            if (m.column().kind() == Column.Kind.DEVICE) {
                deviceSlice(ev, m, issued, tracks);
            }
            ObjectNode i = ev.addObject();
            i.put("name", m.step() == Step.OTHER ? m.what() : m.step().words());
            i.put("cat", m.step().name().toLowerCase(java.util.Locale.ROOT));
            i.put("ph", "i");
            i.put("s", "t");
            i.put("ts", micros(m.nanos()));
            i.put("pid", tracks.pid(m.column()));
            i.put("tid", tracks.tid(m.column()));
            ObjectNode a = i.putObject("args");
            a.put("event", m.what());
            a.put("detail", m.detail());
            m.args().forEach(a::put);
        }
        int n = 1;
        for (Failure f : failures) {
            ObjectNode x = ev.addObject();
            x.put("name", "failure " + n++ + ": " + f.kind().words());
            x.put("cat", "failure");
            x.put("ph", "X");
            x.put("ts", micros(f.fromNanos()));
            x.put("dur", micros(f.toNanos()) - micros(f.fromNanos()));
            x.put("pid", Tracks.FAILURES_PID);
            x.put("tid", Tracks.FAILURES_TID);
            x.put("cname", "terrible");
            ObjectNode a = x.putObject("args");
            a.put("summary", f.summary());
            ArrayNode cols = a.putArray("columns");
            f.columns().forEach(c -> cols.add(c.label()));
        }
        root.put("displayTimeUnit", "ns");
        ObjectNode other = root.putObject("otherData");
        other.put("title", title);
        other.put("clock", "ftrace trace_clock perf (local_clock, as printk), microseconds since boot");
        other.put("lost_events", r.lost());
        return root;
    }

    /** The same as text. */
    public static String json(String title, TraceReading r, List<Failure> failures) {
        return MAPPER.writeValueAsString(render(title, r, failures));
    }

    private static void metadata(ArrayNode ev, String title, List<Column> cols, Tracks tracks, boolean failures) {
        if (failures) {
            meta(ev, "process_name", Tracks.FAILURES_PID, null, "failures: " + title);
            meta(ev, "thread_name", Tracks.FAILURES_PID, Tracks.FAILURES_TID, "failures");
        }
        java.util.Set<Column.Kind> kinds = java.util.EnumSet.noneOf(Column.Kind.class);
        int sort = 0;
        for (Column c : cols) {
            if (kinds.add(c.kind())) {
                meta(ev, "process_name", Tracks.pid(c.kind()), null, Tracks.processName(c.kind()));
            }
            meta(ev, "thread_name", tracks.pid(c), tracks.tid(c), c.label());
            ObjectNode s = ev.addObject();
            s.put("name", "thread_sort_index");
            s.put("ph", "M");
            s.put("pid", tracks.pid(c));
            s.put("tid", tracks.tid(c));
            s.putObject("args").put("sort_index", sort++);
        }
    }

    private static void meta(ArrayNode ev, String name, int pid, @Nullable Integer tid, String value) {
        ObjectNode m = ev.addObject();
        m.put("name", name);
        m.put("ph", "M");
        m.put("pid", pid);
        if (tid != null) {
            m.put("tid", tid);
        }
        m.putObject("args").put("name", value);
    }

    /** A device request from its issue to its completion, matched by device and sector. */
    private static void deviceSlice(ArrayNode ev, Moment m, Map<String, Moment> issued, Tracks tracks) {
        String key = m.column().id() + "@" + m.args().getOrDefault("sector", "");
        if (m.step() == Step.DMA) {
            issued.put(key, m);
        } else if (m.step() == Step.END_IO) {
            Moment start = issued.remove(key);
            if (start != null) {
                ObjectNode x = slice(
                        ev,
                        m.args().getOrDefault("rwbs", "") + " " + start.args().getOrDefault("bytes", "") + " B",
                        "request",
                        start.nanos(),
                        m.nanos(),
                        tracks,
                        m.column());
                ObjectNode a = x.putObject("args");
                a.put("sector", m.args().getOrDefault("sector", ""));
                a.put("error", m.args().getOrDefault("error", "0"));
                a.put("issued by", start.args().getOrDefault("task", ""));
            }
        }
    }

    private static ObjectNode slice(
            ArrayNode ev, String name, String cat, long from, long to, Tracks tracks, Column c) {
        ObjectNode x = ev.addObject();
        x.put("name", name);
        x.put("cat", cat);
        x.put("ph", "X");
        x.put("ts", micros(from));
        x.put("dur", micros(to) - micros(from));
        x.put("pid", tracks.pid(c));
        x.put("tid", tracks.tid(c));
        return x;
    }

    private static double micros(long nanos) {
        return nanos / 1000.0;
    }
}
