package org.diolab.live.kernel.trace.export;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
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
        List<Moment[]> requests = new ArrayList<>();
        for (Moment m : r.moments()) {
            if (m.step() == Step.CALL || m.step() == Step.RETURN) {
                continue; // drawn as the call's slice
            }
            if (m.column().kind() == Column.Kind.DEVICE) {
                request(m, issued).ifPresent(requests::add);
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
        deviceSlices(ev, requests, tracks);
        int n = 1;
        List<List<long[]>> lanes = new ArrayList<>();
        for (Failure f : failures) {
            int lane = failureLane(lanes, f.fromNanos(), f.toNanos());
            if (lane == lanes.size() - 1 && lane > 0 && lanes.get(lane).size() == 1) {
                meta(
                        ev,
                        "thread_name",
                        Tracks.FAILURES_PID,
                        Tracks.FAILURES_TID + lane,
                        "failures (" + (lane + 1) + ")");
            }
            ObjectNode x = ev.addObject();
            x.put("name", "failure " + n++ + ": " + f.kind().words());
            x.put("cat", "failure");
            x.put("ph", "X");
            x.put("ts", micros(f.fromNanos()));
            x.put("dur", micros(f.toNanos()) - micros(f.fromNanos()));
            x.put("pid", Tracks.FAILURES_PID);
            x.put("tid", Tracks.FAILURES_TID + lane);
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

    /**
     * The failures track a failure goes on: the first whose failures it overlaps none of (failures of two threads may
     * overlap in time, and slices on one track must not), a new one when none is free.
     */
    private static int failureLane(List<List<long[]>> lanes, long from, long to) {
        for (int i = 0; i < lanes.size(); i++) {
            if (lanes.get(i).stream().noneMatch(o -> o[0] < to && from < o[1])) {
                lanes.get(i).add(new long[] {from, to});
                return i;
            }
        }
        List<long[]> lane = new ArrayList<>();
        lane.add(new long[] {from, to});
        lanes.add(lane);
        return lanes.size() - 1;
    }

    /** A device request's issue and completion, matched by device and sector, when {@code m} completes one. */
    private static Optional<Moment[]> request(Moment m, Map<String, Moment> issued) {
        String key = m.column().id() + "@" + m.args().getOrDefault("sector", "");
        if (m.step() == Step.DMA) {
            issued.put(key, m);
        } else if (m.step() == Step.END_IO) {
            Moment start = issued.remove(key);
            if (start != null) {
                return Optional.of(new Moment[] {start, m});
            }
        }
        return Optional.empty();
    }

    /**
     * Each device request as a slice from its issue to its completion. Requests in flight together (a leg's
     * writeback issues several) would half overlap on one track, which the format's readers do not draw (Perfetto
     * drops a slice that ends inside another it did not start in), so each goes on the device's first track free at
     * its issue: "loop1: the device", then "loop1: the device (2)", ...
     */
    private static void deviceSlices(ArrayNode ev, List<Moment[]> requests, Tracks tracks) {
        requests.sort(
                java.util.Comparator.comparingLong((Moment[] q) -> q[0].nanos()).thenComparingLong(q -> q[0].order()));
        Map<String, List<Long>> laneEnds = new HashMap<>();
        for (Moment[] q : requests) {
            Moment start = q[0];
            Moment m = q[1];
            List<Long> ends = laneEnds.computeIfAbsent(m.column().id(), k -> new ArrayList<>());
            int lane = 0;
            while (lane < ends.size() && ends.get(lane) > start.nanos()) {
                lane++;
            }
            if (lane == ends.size()) {
                ends.add(m.nanos());
                if (lane > 0) {
                    meta(
                            ev,
                            "thread_name",
                            tracks.pid(m.column()),
                            tracks.laneTid(m.column(), lane),
                            m.column().label() + " (" + (lane + 1) + ")");
                }
            } else {
                ends.set(lane, m.nanos());
            }
            ObjectNode x = ev.addObject();
            x.put("name", m.args().getOrDefault("rwbs", "") + " " + start.args().getOrDefault("bytes", "") + " B");
            x.put("cat", "request");
            x.put("ph", "X");
            x.put("ts", micros(start.nanos()));
            x.put("dur", micros(m.nanos()) - micros(start.nanos()));
            x.put("pid", tracks.pid(m.column()));
            x.put("tid", tracks.laneTid(m.column(), lane));
            ObjectNode a = x.putObject("args");
            a.put("sector", m.args().getOrDefault("sector", ""));
            a.put("error", m.args().getOrDefault("error", "0"));
            a.put("issued by", start.args().getOrDefault("task", ""));
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
