package org.diolab.live.kernel.trace.view;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.diolab.live.kernel.trace.meaning.Column;
import org.diolab.live.kernel.trace.meaning.Failure;
import org.diolab.live.kernel.trace.meaning.FailureKind;
import org.diolab.live.kernel.trace.meaning.Moment;
import org.diolab.live.kernel.trace.meaning.Operation;
import org.diolab.live.kernel.trace.meaning.Step;
import org.diolab.live.kernel.trace.meaning.StorePass;

/**
 * One picked failure (or, when nothing failed, a slow or ordinary call) as a space-time picture: columns, beats in
 * time order with µs from the failure's start, spans to draw as bars, and the beats to step through with the stage's
 * keys ({@link #steps()}: the ones that tell the story, not the scheduler's).
 *
 * @param index    its place among the recording's picks (0: the first)
 * @param title    "read failed with EIO: read 65536 B at 55443456 of datasum → EIO, 24067 µs, 4 column(s), 61 event(s)"
 * @param origin   µs since boot of its start: a beat's {@code atMicros} is {@code origin + micros}
 * @param truncated it had more moments than a failure keeps
 * @param lostInside events the ring buffer lost while it ran (kept LOST lines inside its stretch): its picture may
 *                   miss some of them
 */
public record FailureView(
        int index,
        FailureKind kind,
        String title,
        double origin,
        double durationMicros,
        List<ViewColumn> columns,
        List<Beat> beats,
        List<Span> spans,
        boolean truncated,
        long lostInside) {
    public FailureView {
        columns = List.copyOf(columns);
        beats = List.copyOf(beats);
        spans = List.copyOf(spans);
    }

    /** The view of {@code f}, the {@code index}-th pick, from a recording that lost nothing inside it. */
    public static FailureView of(int index, Failure f) {
        return of(index, f, 0);
    }

    /** The view of {@code f}, the {@code index}-th pick, {@code lostInside} events lost while it ran. */
    public static FailureView of(int index, Failure f, long lostInside) {
        long origin = f.fromNanos();
        Map<String, ViewColumn> cols = new LinkedHashMap<>();
        for (Column c : f.columns()) {
            cols.put(c.id(), new ViewColumn(cols.size(), c.kind(), c.id(), c.label()));
        }
        List<Column> more = new ArrayList<>();
        f.stores().forEach(p -> more.add(p.column())); // a pass that began before the stretch may have no moment in it
        f.call().ifPresent(op -> more.add(op.column()));
        for (Column c : more) {
            cols.computeIfAbsent(c.id(), id -> new ViewColumn(cols.size(), c.kind(), id, c.label()));
        }
        List<ViewColumn> ordered = sortByKind(cols);
        Map<String, Integer> at = new LinkedHashMap<>();
        ordered.forEach(c -> at.put(c.id(), c.index()));
        List<Beat> beats = new ArrayList<>();
        for (Moment m : f.moments()) {
            beats.add(new Beat(
                    beats.size(),
                    micros(m.nanos() - origin),
                    micros(m.nanos()),
                    col(at, m.column()),
                    m.step(),
                    m.step() == Step.OTHER ? m.what() : m.step().words(),
                    m.what(),
                    m.detail(),
                    m.args(),
                    labels(m),
                    red(f, m)));
        }
        List<Span> spans = new ArrayList<>();
        f.call()
                .ifPresent(op -> spans.add(new Span(
                        Span.Kind.CALL,
                        col(at, op.column()),
                        micros(op.beginNanos() - origin),
                        micros(op.endNanos() - origin),
                        op.describe(),
                        op.ret() < 0 && op.ret() != Long.MIN_VALUE)));
        requests(f, origin, at, spans);
        for (StorePass p : f.stores()) {
            spans.add(new Span(
                    Span.Kind.STORE,
                    col(at, p.column()),
                    micros(p.beginNanos() - origin),
                    micros(p.endNanos() - origin),
                    "store " + p.value() + " (pass " + p.pass() + ")",
                    false));
        }
        return new FailureView(
                index,
                f.kind(),
                f.summary(),
                micros(origin),
                micros(f.toNanos() - origin),
                ordered,
                beats,
                spans,
                f.truncated(),
                lostInside);
    }

    private static int col(Map<String, Integer> at, Column c) {
        Integer i = at.get(c.id());
        if (i == null) {
            throw new IllegalStateException("no column " + c.id() + " in this failure");
        }
        return i;
    }

    private static List<ViewColumn> sortByKind(Map<String, ViewColumn> cols) {
        List<ViewColumn> byKind = cols.values().stream()
                .sorted(java.util.Comparator.comparing(ViewColumn::kind).thenComparing(ViewColumn::index))
                .toList();
        List<ViewColumn> out = new ArrayList<>();
        for (ViewColumn c : byKind) {
            out.add(new ViewColumn(out.size(), c.kind(), c.id(), c.label()));
        }
        return out;
    }

    /** Device requests inside the failure, from issue to completion (matched by device and sector). */
    private static void requests(Failure f, long origin, Map<String, Integer> at, List<Span> spans) {
        Map<String, Moment> issued = new LinkedHashMap<>();
        for (Moment m : f.moments()) {
            if (m.column().kind() != Column.Kind.DEVICE) {
                continue;
            }
            String key = m.column().id() + "@" + m.args().getOrDefault("sector", "");
            if (m.step() == Step.DMA) {
                issued.put(key, m);
            } else if (m.step() == Step.END_IO) {
                Moment start = issued.remove(key);
                if (start != null) {
                    spans.add(new Span(
                            Span.Kind.REQUEST,
                            col(at, m.column()),
                            micros(start.nanos() - origin),
                            micros(m.nanos() - origin),
                            m.args().getOrDefault("rwbs", "") + " "
                                    + start.args().getOrDefault("bytes", "") + " B at" + " sector "
                                    + m.args().getOrDefault("sector", ""),
                            !m.args().getOrDefault("error", "0").equals("0")));
                }
            }
        }
    }

    /** The model's step labels, refined by the event where one step covers two of the model's. */
    static List<String> labels(Moment m) {
        return switch (m.what()) {
            case "iomap_dio_rw_begin" -> List.of("dio-begin", "build-bio");
            case "block_bio_queue" -> List.of("submit");
            case "iomap_dio_complete" -> m.step() == Step.VERIFY_MISMATCH ? List.of("verify") : List.of("dio-end");
            default -> m.step().modelLabels();
        };
    }

    private static boolean red(Failure f, Moment m) {
        if (m.step() == Step.VERIFY_MISMATCH) {
            return true;
        }
        Operation op = f.operation();
        return op != null
                && m.step() == Step.RETURN
                && m.column().equals(op.column())
                && m.nanos() == op.endNanos()
                && op.ret() < 0;
    }

    private static double micros(long nanos) {
        return nanos / 1000.0;
    }

    /** The beats to step through, in order: the story's, not the scheduler's or unrelated events. */
    public List<Beat> steps() {
        return beats.stream()
                .filter(b -> b.step() != Step.OTHER && b.step() != Step.SCHEDULE)
                .toList();
    }

    /** The beats that show the failure (red). */
    public List<Beat> red() {
        return beats.stream().filter(Beat::red).toList();
    }

    /** The beats on column {@code column}. */
    public List<Beat> on(int column) {
        return beats.stream().filter(b -> b.column() == column).toList();
    }
}
