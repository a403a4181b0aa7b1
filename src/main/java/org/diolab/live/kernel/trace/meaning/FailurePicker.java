package org.diolab.live.kernel.trace.meaning;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.diolab.live.kernel.trace.text.LabMark;
import org.jspecify.annotations.Nullable;

/**
 * Picks the failures out of a recording, each with the moments from its call's begin to its end on every column
 * that took part: the calling thread, the lab's devices, the scribbler's stores, kernel threads that did part of the
 * work, and the kernel log. A write's stretch runs on to its data's writeback on every leg (the buffered fallback
 * writes later, from a kernel thread). When nothing failed, {@link #samples} gives ordinary calls to look at.
 */
public final class FailurePicker {
    /** A failure keeps at most this many moments (a stretch of a slow call in a busy trace can hold many more). */
    public static final int MAX_MOMENTS = 4000;
    /** How long after a write its writeback is looked for. */
    static final long WRITEBACK_HORIZON_NANOS = 2_000_000_000L;
    /** How far around a kernel event without a call its stretch reaches. */
    static final long AROUND_NANOS = 1_000_000L;

    private FailurePicker() {}

    /** Every failure, in the order of {@link FailureKind}, then in time. */
    public static List<Failure> pick(TraceReading r) {
        List<Failure> out = new ArrayList<>();
        List<Operation> failed = new ArrayList<>();
        for (Operation op : r.operations()) {
            FailureKind k = kindOf(op);
            if (k != null) {
                out.add(stretch(r, k, op));
                failed.add(op);
            }
        }
        for (Moment m : r.moments()) {
            if (m.step() == Step.NOTE && m.source() != null && m.source().mark().isPresent()) {
                LabMark note = m.source().mark().get();
                if (note.text("what").equals("legs-differ")) {
                    legsDiffer(r, note.number("off", -1), m).ifPresent(out::add);
                }
            } else if (m.step() == Step.VERIFY_MISMATCH && failed.stream().noneMatch(op -> inside(op, m))) {
                FailureKind k = m.column().kind() == Column.Kind.LOG ? FailureKind.CSUM_LOG : FailureKind.DIO_ERROR;
                out.add(around(r, k, m.nanos()));
            }
        }
        out.sort(Comparator.comparing(Failure::kind).thenComparingLong(Failure::fromNanos));
        return out;
    }

    /**
     * What a view offers for a recording looked at for {@code look}: every failure ({@link #pick}), the lab threads'
     * lock waits for the convoy, else the slowest calls (ten times the median), else a few ordinary ones.
     */
    public static List<Failure> forLook(Look look, TraceReading r) {
        List<Failure> out = new ArrayList<>(pick(r));
        if (look == Look.LOCK_CONTENTION) {
            out.addAll(lockWaits(r, 8));
        }
        if (out.isEmpty()) {
            out.addAll(slow(r, 10, 4));
        }
        if (out.isEmpty()) {
            out.addAll(samples(r, 3));
        }
        return out;
    }

    /** Calls that took at least {@code factor} times the median call of their kind (reads, writes). */
    public static List<Failure> slow(TraceReading r, double factor, int limit) {
        List<Failure> out = new ArrayList<>();
        for (boolean write : new boolean[] {false, true}) {
            List<Operation> ops =
                    r.operations().stream().filter(o -> o.write() == write).toList();
            if (ops.size() < 3) {
                continue;
            }
            long[] d = ops.stream().mapToLong(Operation::durationNanos).sorted().toArray();
            long median = d[d.length / 2];
            ops.stream()
                    .filter(o -> o.durationNanos() >= factor * median && o.durationNanos() > 0)
                    .sorted(Comparator.comparingLong(Operation::durationNanos).reversed())
                    .limit(limit)
                    .forEach(o -> out.add(stretch(r, FailureKind.SLOW, o)));
        }
        return out;
    }

    /**
     * The lab threads' waits for a sleeping lock (contention_begin with READ, WRITE or MUTEX, to the same thread's
     * next contention_end), longest first, at most {@code limit}: the ext4 convoy's i_rwsem, if it convoys. Each
     * keeps the moments of its time on that thread, the devices and kernel threads.
     */
    public static List<Failure> lockWaits(TraceReading r, int limit) {
        java.util.Map<String, Moment> open = new java.util.HashMap<>();
        List<Moment[]> waits = new ArrayList<>();
        for (Moment m : r.moments()) {
            if (m.column().kind() != Column.Kind.LAB_THREAD) {
                continue;
            }
            if (m.step() == Step.LOCK_WAIT && sleeping(m.args().getOrDefault("flags", ""))) {
                open.put(m.column().id(), m);
            } else if (m.step() == Step.LOCK_ACQUIRED) {
                Moment b = open.remove(m.column().id());
                if (b != null) {
                    waits.add(new Moment[] {b, m});
                }
            }
        }
        waits.sort(Comparator.comparingLong((Moment[] w) -> w[1].nanos() - w[0].nanos())
                .reversed());
        List<Failure> out = new ArrayList<>();
        for (Moment[] w : waits.subList(0, Math.min(limit, waits.size()))) {
            Column thread = w[0].column();
            List<Moment> picked = r.between(w[0].nanos(), w[1].nanos()).stream()
                    .filter(m -> m.tellsTheStory()
                            && (m.column().equals(thread) || m.column().kind() != Column.Kind.LAB_THREAD))
                    .limit(MAX_MOMENTS)
                    .toList();
            out.add(new Failure(
                    FailureKind.LOCK_WAIT,
                    null,
                    w[0].nanos(),
                    w[1].nanos(),
                    picked,
                    columnsOf(picked),
                    List.of(),
                    picked.size() == MAX_MOMENTS));
        }
        return out;
    }

    private static boolean sleeping(String flags) {
        return flags.contains("READ") || flags.contains("WRITE") || flags.contains("MUTEX");
    }

    /** Up to {@code limit} ordinary calls, evenly spread over the recording. */
    public static List<Failure> samples(TraceReading r, int limit) {
        List<Operation> ok =
                r.operations().stream().filter(o -> kindOf(o) == null).toList();
        List<Failure> out = new ArrayList<>();
        for (int i = 0; i < Math.min(limit, ok.size()); i++) {
            out.add(stretch(r, FailureKind.SAMPLE, ok.get((int) ((long) i * ok.size() / Math.min(limit, ok.size())))));
        }
        return out;
    }

    static @Nullable FailureKind kindOf(Operation op) {
        if (op.ret() == -Errno.EIO) {
            return op.write() ? FailureKind.EIO_WRITE : FailureKind.EIO_READ;
        }
        if (op.ret() == -Errno.EAGAIN) {
            return FailureKind.EAGAIN;
        }
        if (op.ret() < 0 && op.ret() != Long.MIN_VALUE) {
            return FailureKind.OTHER_ERROR;
        }
        return op.isShort() ? FailureKind.SHORT : null;
    }

    private static boolean inside(Operation op, Moment m) {
        return m.nanos() >= op.beginNanos() && m.nanos() <= op.endNanos();
    }

    private static java.util.Optional<Failure> legsDiffer(TraceReading r, long offset, Moment note) {
        Operation last = null;
        for (Operation op : r.operations()) {
            if (op.write() && op.covers(offset) && op.endNanos() <= note.nanos()) {
                last = op;
            }
        }
        return last == null
                ? java.util.Optional.empty()
                : java.util.Optional.of(stretch(r, FailureKind.LEGS_DIFFER, last));
    }

    /** The call's stretch; a write's runs on to the first completed write on each of the lab's devices after it. */
    static Failure stretch(TraceReading r, FailureKind kind, Operation op) {
        long to = op.endNanos();
        if (op.write()) {
            to = Math.max(to, writebackEnd(r, op));
        }
        List<Moment> picked = new ArrayList<>();
        boolean truncated = false;
        for (Moment m : r.between(op.beginNanos(), to)) {
            boolean beforeBegin = m.nanos() == op.beginNanos() && m.order() < op.beginOrder();
            boolean afterEnd = m.nanos() == to
                    && to == op.endNanos()
                    && m.order() > op.endOrder()
                    && m.column().kind() != Column.Kind.LOG;
            if (beforeBegin || afterEnd || !tookPart(m, op)) {
                continue;
            }
            if (picked.size() == MAX_MOMENTS) {
                truncated = true;
                break;
            }
            picked.add(m);
        }
        return new Failure(
                kind,
                op,
                op.beginNanos(),
                to,
                picked,
                columnsOf(picked),
                r.storesDuring(op.beginNanos(), to),
                truncated);
    }

    private static Failure around(TraceReading r, FailureKind kind, long at) {
        List<Moment> picked = r.between(at - AROUND_NANOS, at).stream()
                .filter(m -> m.tellsTheStory() && m.step() != Step.CALL && m.step() != Step.RETURN)
                .limit(MAX_MOMENTS)
                .toList();
        return new Failure(
                kind,
                null,
                at - AROUND_NANOS,
                at,
                picked,
                columnsOf(picked),
                r.storesDuring(at - AROUND_NANOS, at),
                picked.size() == MAX_MOMENTS);
    }

    /**
     * Lab threads' and devices' moments take part; a kernel thread's when they tell the story (not scheduler noise);
     * another lab thread's calls only when they are stores or findings (readers in parallel are not this call's).
     */
    private static boolean tookPart(Moment m, Operation op) {
        if (!m.tellsTheStory()) {
            return false;
        }
        return switch (m.column().kind()) {
            case DEVICE, LOG, KERNEL_THREAD -> true;
            case LAB_THREAD ->
                m.column().equals(op.column())
                        || (m.step() != Step.CALL
                                && m.step() != Step.RETURN
                                && m.step() != Step.SUBMIT
                                && m.step() != Step.DIO_DONE);
        };
    }

    private static long writebackEnd(TraceReading r, Operation op) {
        Set<String> devices = new LinkedHashSet<>();
        r.columns().stream().filter(c -> c.kind() == Column.Kind.DEVICE).forEach(c -> devices.add(c.id()));
        long end = op.endNanos();
        for (Moment m : r.between(op.beginNanos(), op.endNanos() + WRITEBACK_HORIZON_NANOS)) {
            if (devices.isEmpty()) {
                break;
            }
            if (m.step() == Step.END_IO
                    && m.args().getOrDefault("rwbs", "").indexOf('W') >= 0
                    && devices.remove(m.column().id())) {
                end = Math.max(end, m.nanos());
            }
        }
        return end;
    }

    /** Columns in the order of their kind, each once. */
    private static List<Column> columnsOf(List<Moment> moments) {
        return moments.stream()
                .map(Moment::column)
                .distinct()
                .sorted(Comparator.comparing(Column::kind))
                .toList();
    }
}
