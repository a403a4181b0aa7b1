package org.diolab.live.kernel.trace.meaning;

import java.util.LinkedHashMap;
import java.util.Map;
import org.diolab.live.kernel.trace.text.Payload;
import org.diolab.live.kernel.trace.text.TraceEvent;

/**
 * What one event means: its {@link Step}, the one-line detail and the fields to show on hover. Where it happened
 * (the column) is {@link Columns}' business.
 */
final class EventMeaning {
    /** A step and its description. */
    record Meaning(Step step, String detail, Map<String, String> args) {}

    private EventMeaning() {}

    static Meaning of(TraceEvent e, LabDevices devices) {
        Map<String, String> args = new LinkedHashMap<>();
        args.put("task", e.task() + " (" + e.pid() + ")");
        args.put("cpu", Integer.toString(e.cpu()));
        return switch (e.payload()) {
            case Payload.Mark m -> mark(m, args);
            case Payload.BlockRequest r -> block(e.name(), r, devices, args);
            case Payload.BioQueued q -> {
                args.put("device", devices.label(q.dev()));
                args.put("rwbs", q.rwbs());
                args.put("sector", Long.toString(q.sector()));
                args.put("sectors", Integer.toString(q.sectors()));
                args.put("by", q.comm());
                yield new Meaning(
                        Step.SUBMIT,
                        "bio queued on " + devices.label(q.dev()) + ": " + q.rwbs() + " " + q.sectors() * 512L
                                + " B at sector " + q.sector(),
                        args);
            }
            case Payload.DioBegin b -> {
                args.put("ino", Long.toString(b.ino()));
                args.put("offset", Long.toString(b.offset()));
                args.put("length", Long.toString(b.length()));
                args.put("flags", b.flags());
                args.put("dio_flags", b.dioFlags());
                yield new Meaning(
                        Step.SUBMIT,
                        "iomap direct I/O of " + b.length() + " B at " + b.offset() + (b.nowait() ? " (NOWAIT)" : ""),
                        args);
            }
            case Payload.DioComplete c -> {
                args.put("ino", Long.toString(c.ino()));
                args.put("offset", Long.toString(c.offset()));
                args.put("error", Integer.toString(c.error()));
                args.put("ret", Long.toString(c.ret()));
                yield c.error() != 0
                        ? new Meaning(
                                Step.VERIFY_MISMATCH,
                                "direct I/O failed: " + Errno.describe(c.error())
                                        + (c.error() == -Errno.EIO
                                                ? " (on a healthy device: the checksum did not match the buffer)"
                                                : ""),
                                args)
                        : new Meaning(Step.DIO_DONE, "direct I/O complete: " + Errno.describe(c.ret()), args);
            }
            case Payload.Folio f -> {
                args.put("bdi", f.bdi());
                args.put("ino", Long.toString(f.ino()));
                args.put("index", Long.toString(f.index()));
                boolean wait = e.name().equals("folio_wait_writeback");
                yield new Meaning(
                        wait ? Step.WAIT_WRITEBACK : Step.DIRTY,
                        (wait ? "waits for writeback of folio " : "dirtied folio ") + f.index() + " of inode "
                                + f.ino(),
                        args);
            }
            case Payload.Contention c -> {
                args.put("lock", c.lock());
                if (c.begin()) {
                    args.put("flags", c.flags());
                } else {
                    args.put("ret", Integer.toString(c.ret()));
                }
                yield new Meaning(
                        c.begin() ? Step.LOCK_WAIT : Step.LOCK_ACQUIRED,
                        c.begin()
                                ? "waits for lock " + c.lock() + " (" + c.flags() + ")"
                                : "lock " + c.lock() + " taken",
                        args);
            }
            case Payload.Switch s -> {
                args.put("prev", s.prevComm() + " (" + s.prevPid() + ") " + s.prevState());
                args.put("next", s.nextComm() + " (" + s.nextPid() + ")");
                yield new Meaning(
                        Step.SCHEDULE,
                        s.prevComm() + " leaves the CPU (" + s.prevState() + ") for " + s.nextComm(),
                        args);
            }
            case Payload.Wakeup w -> {
                args.put("woken", w.comm() + " (" + w.pid() + ")");
                yield new Meaning(Step.SCHEDULE, "wakes " + w.comm(), args);
            }
            case Payload.Print p -> new Meaning(Step.OTHER, p.text(), args);
            case Payload.Fields f -> {
                args.putAll(f.values());
                yield new Meaning(byName(e.name()), e.name().replace('_', ' '), args);
            }
        };
    }

    private static Meaning mark(Payload.Mark m, Map<String, String> args) {
        args.putAll(m.mark().fields());
        args.put("seq", Long.toString(m.mark().seq()));
        String fields = m.mark().fields().toString();
        return switch (m.mark().kind()) {
            case READ_BEGIN, WRITE_BEGIN ->
                new Meaning(Step.CALL, m.mark().kind().word() + " " + fields, args);
            case READ_END, WRITE_END ->
                new Meaning(
                        Step.RETURN,
                        m.mark().kind().word() + ": " + Errno.describe(m.mark().number("ret", 0)),
                        args);
            case STORE_BEGIN ->
                new Meaning(
                        Step.STORE,
                        "starts rewriting the buffer with byte " + m.mark().text("byte") + " (pass "
                                + m.mark().seq() + ")",
                        args);
            case STORE_END ->
                new Meaning(
                        Step.STORE, "has rewritten the buffer (pass " + m.mark().seq() + ")", args);
            case NOTE -> new Meaning(Step.NOTE, m.mark().text("what") + " " + fields, args);
            case THREAD, PHASE, CLOCK, END ->
                new Meaning(Step.OTHER, m.mark().kind().word() + " " + fields, args);
        };
    }

    private static Meaning block(String name, Payload.BlockRequest r, LabDevices devices, Map<String, String> args) {
        args.put("device", devices.label(r.dev()));
        args.put("rwbs", r.rwbs());
        args.put("sector", Long.toString(r.sector()));
        args.put("bytes", Integer.toString(r.bytes()));
        String what = (r.write() ? "write " : "read ") + r.bytes() + " B at sector " + r.sector();
        if (name.equals("block_rq_complete") || name.equals("block_rq_error")) {
            args.put("error", Integer.toString(r.error()));
            return new Meaning(
                    Step.END_IO,
                    devices.label(r.dev()) + " done: " + what + (r.error() != 0 ? " failed " + r.error() : ""),
                    args);
        }
        if (name.equals("block_rq_insert")) {
            return new Meaning(Step.OTHER, devices.label(r.dev()) + " request queued: " + what, args);
        }
        args.put("by", r.comm());
        return new Meaning(Step.DMA, devices.label(r.dev()) + " starts: " + what, args);
    }

    /** The events kept as {@code key=value} fields, by name. */
    private static Step byName(String name) {
        if (name.startsWith("btrfs_ordered_extent") || name.equals("btrfs_finish_ordered_extent")) {
            return Step.ORDERED_EXTENT;
        }
        if (name.startsWith("mm_filemap_")) {
            return Step.PAGE_CACHE;
        }
        return switch (name) {
            case "wbc_writepage",
                    "writeback_single_inode_start",
                    "writeback_start",
                    "extent_writepage",
                    "iomap_writeback_folio",
                    "writeback_write_inode_start" -> Step.WRITEBACK;
            default -> Step.OTHER;
        };
    }
}
