package org.diolab.live.kernel.trace.meaning;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.diolab.live.kernel.trace.text.FtraceText;
import org.diolab.live.kernel.trace.text.LabMark;
import org.diolab.live.kernel.trace.text.LostEvents;
import org.diolab.live.kernel.trace.text.MarkKind;
import org.diolab.live.kernel.trace.text.TraceEvent;

/**
 * A recording read in the lessons' words: every event and log line as a {@link Moment} on its column, in time
 * order, and the lab threads' operations paired from their markers.
 *
 * @param lost events the ring buffer overwrote before they were read (0: the recording is whole)
 * @param gaps where in the kept text they were lost ({@code [LOST n EVENTS]} lines), on the trace clock
 */
public record TraceReading(
        List<Moment> moments,
        List<Operation> operations,
        List<StorePass> stores,
        List<Column> columns,
        long lost,
        List<LossGap> gaps) {
    public TraceReading {
        moments = List.copyOf(moments);
        operations = List.copyOf(operations);
        stores = List.copyOf(stores);
        columns = List.copyOf(columns);
        gaps = List.copyOf(gaps);
    }

    /** Reads {@code text}; {@code log} lines are put on the trace clock with {@code clock}. */
    public static TraceReading of(FtraceText text, LabDevices devices, List<KernelLogLine> log, ClockAlignment clock) {
        Columns cols = new Columns(text.events(), devices);
        List<Moment> moments = new ArrayList<>();
        for (TraceEvent e : text.events()) {
            if (e.mark().map(m -> m.kind() == MarkKind.END).orElse(false)) {
                continue; // the recorder's own stop line
            }
            EventMeaning.Meaning m = EventMeaning.of(e, devices);
            moments.add(new Moment(e.nanos(), 2 * e.seq(), cols.of(e), m.step(), e.name(), m.detail(), m.args(), e));
        }
        for (KernelLogLine l : log) {
            long at = clock.traceNanos(l);
            moments.add(new Moment(
                    at,
                    2L * text.events().size() + 1, // after the events of its microsecond: printk stamps at the start
                    cols.log(),
                    l.checksumFailure() ? Step.VERIFY_MISMATCH : Step.LOG,
                    "kmsg",
                    l.text(),
                    Map.of("text", l.text(), "micros", Long.toString(l.micros())),
                    null));
        }
        moments.sort(Comparator.comparingLong(Moment::nanos).thenComparingLong(Moment::order));
        return new TraceReading(moments, pair(moments), passes(moments), cols.all(), text.lostCount(), gaps(text));
    }

    /** Each LOST line between the last event of its CPU before it and the first after it. */
    private static List<LossGap> gaps(FtraceText text) {
        List<LossGap> out = new ArrayList<>();
        List<TraceEvent> ev = text.events();
        for (LostEvents l : text.lost()) {
            long from = Long.MIN_VALUE;
            long to = Long.MAX_VALUE;
            for (int i = (int) Math.min(l.beforeSeq(), ev.size()) - 1; i >= 0; i--) {
                if (ev.get(i).cpu() == l.cpu()) {
                    from = ev.get(i).nanos();
                    break;
                }
            }
            for (int i = (int) l.beforeSeq(); i < ev.size(); i++) {
                if (ev.get(i).cpu() == l.cpu()) {
                    to = ev.get(i).nanos();
                    break;
                }
            }
            out.add(new LossGap(l.cpu(), l.count(), from, to));
        }
        return out;
    }

    /** Events lost inside [{@code fromNanos}, {@code toNanos}], as far as the kept LOST lines tell. */
    public long lostDuring(long fromNanos, long toNanos) {
        return gaps.stream()
                .filter(g -> g.overlaps(fromNanos, toNanos))
                .mapToLong(LossGap::count)
                .sum();
    }

    /** Begin and end markers of each thread, matched by their number and kind. */
    private static List<Operation> pair(List<Moment> moments) {
        Map<String, Moment> open = new HashMap<>();
        List<Operation> out = new ArrayList<>();
        for (Moment m : moments) {
            if (m.source() == null || m.source().mark().isEmpty()) {
                continue;
            }
            LabMark mark = m.source().mark().get();
            boolean write = mark.kind() == MarkKind.WRITE_BEGIN || mark.kind() == MarkKind.WRITE_END;
            String key = m.column().id() + (write ? "/w/" : "/r/") + mark.seq();
            if (mark.kind().begins()) {
                open.put(key, m);
            } else if (mark.kind().ends()) {
                Moment b = open.remove(key);
                if (b != null && b.source() != null && b.source().mark().isPresent()) {
                    out.add(Operation.of(m.column(), b.source().mark().get(), mark, b, m));
                }
            }
        }
        out.sort(Comparator.comparingLong(Operation::beginOrder));
        return out;
    }

    /** The scribbler's passes, from their begin and end markers. */
    private static List<StorePass> passes(List<Moment> moments) {
        Map<String, Moment> open = new HashMap<>();
        List<StorePass> out = new ArrayList<>();
        for (Moment m : moments) {
            LabMark mark = m.source() == null ? null : m.source().mark().orElse(null);
            if (mark == null) {
                continue;
            }
            String key = m.column().id() + "/" + mark.seq();
            if (mark.kind() == MarkKind.STORE_BEGIN) {
                open.put(key, m);
            } else if (mark.kind() == MarkKind.STORE_END) {
                Moment b = open.remove(key);
                if (b != null) {
                    out.add(new StorePass(
                            m.column(), mark.seq(), b.args().getOrDefault("byte", ""), b.nanos(), m.nanos()));
                }
            }
        }
        return out;
    }

    /** The scribbler's passes that overlap [fromNanos, toNanos]. */
    public List<StorePass> storesDuring(long fromNanos, long toNanos) {
        return stores.stream().filter(s -> s.overlaps(fromNanos, toNanos)).toList();
    }

    /** The moments from {@code fromNanos} to {@code toNanos}, both included, in order. */
    public List<Moment> between(long fromNanos, long toNanos) {
        int lo = firstAtOrAfter(fromNanos);
        List<Moment> out = new ArrayList<>();
        for (int i = lo; i < moments.size() && moments.get(i).nanos() <= toNanos; i++) {
            out.add(moments.get(i));
        }
        return out;
    }

    private int firstAtOrAfter(long nanos) {
        int lo = 0;
        int hi = moments.size();
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (moments.get(mid).nanos() < nanos) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo;
    }
}
