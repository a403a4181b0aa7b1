package org.diolab.live.kernel.trace.text;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;

/**
 * Decodes an event's text by its print format on Linux 6.18 (see each event's {@code format} file in tracefs).
 * A line that does not fit its event's format falls back to {@link Payload.Fields}, so a kernel that changed a
 * format loses the decoding, not the event.
 */
final class FieldDecoder {
    /** "7,0 RS 65536 () 285568 + 128 be,0,4 [dd]": dev, rwbs, bytes, cmd, sector, sectors, ioprio, comm. */
    private static final Pattern RQ_ISSUE =
            Pattern.compile("^(\\d+,\\d+) (\\S*) (\\d+) \\((.*?)\\) (\\d+) \\+ (\\d+)(?: \\S+)? \\[(.*)\\]$");
    /** "7,0 RS () 285568 + 128 be,0,4 [0]": dev, rwbs, cmd, sector, sectors, ioprio, error. */
    private static final Pattern RQ_COMPLETE =
            Pattern.compile("^(\\d+,\\d+) (\\S*) \\((.*?)\\) (\\d+) \\+ (\\d+)(?: \\S+)? \\[(-?\\d+)\\]$");
    /** "7,0 RA 286336 + 128 [dd]". */
    private static final Pattern BIO_QUEUE = Pattern.compile("^(\\d+,\\d+) (\\S*) (\\d+) \\+ (\\d+) \\[(.*)\\]$");
    /** "0000000012345678 (flags=READ)" or "(ret=0)". */
    private static final Pattern CONTENTION = Pattern.compile("^(\\S+) \\((flags|ret)=(.*)\\)$");

    private static final Pattern SWITCH = Pattern.compile(
            "^prev_comm=(.*) prev_pid=(-?\\d+) prev_prio=\\S+ prev_state=(\\S+) ==> next_comm=(.*) next_pid=(-?\\d+)"
                    + " next_prio=\\S+$");
    private static final Pattern WAKEUP = Pattern.compile("^comm=(.*) pid=(\\d+) prio=\\S+ target_cpu=(\\d+)$");
    private static final Pattern FOLIO = Pattern.compile("^bdi (.*?): ino=(\\d+) index=(\\d+)$");
    private static final Pattern KEY_VALUE = Pattern.compile("(?:^|\\s)([A-Za-z_][A-Za-z0-9_]*)=(\\S*)");
    private static final Pattern BDI = Pattern.compile("^bdi (\\S+?):");

    private FieldDecoder() {}

    static Payload decode(String event, String body) {
        Payload p = switch (event) {
            case "block_rq_issue", "block_rq_insert" -> issue(body);
            case "block_rq_complete", "block_rq_error" -> complete(body);
            case "block_bio_queue", "block_bio_complete" -> bioQueue(body);
            case "iomap_dio_rw_begin" -> dioBegin(body);
            case "iomap_dio_complete" -> dioComplete(body);
            case "writeback_dirty_folio", "folio_wait_writeback" -> folio(body);
            case "contention_begin", "contention_end" -> contention(event, body);
            case "sched_switch" -> schedSwitch(body);
            case "sched_wakeup", "sched_waking", "sched_wakeup_new" -> wakeup(body);
            case "tracing_mark_write", "print" -> mark(body);
            default -> null;
        };
        return p != null ? p : fields(body);
    }

    private static Payload.@Nullable BlockRequest issue(String body) {
        Matcher m = RQ_ISSUE.matcher(body);
        if (!m.matches()) {
            return null;
        }
        return new Payload.BlockRequest(
                DevNum.parse(m.group(1)),
                m.group(2),
                sector(m.group(5)),
                Numbers.parseInt(m.group(6), 0),
                Numbers.parseInt(m.group(3), 0),
                0,
                m.group(7));
    }

    private static Payload.@Nullable BlockRequest complete(String body) {
        Matcher m = RQ_COMPLETE.matcher(body);
        if (!m.matches()) {
            return null;
        }
        int sectors = Numbers.parseInt(m.group(5), 0);
        return new Payload.BlockRequest(
                DevNum.parse(m.group(1)),
                m.group(2),
                sector(m.group(4)),
                sectors,
                sectors * 512,
                Numbers.parseInt(m.group(6), 0),
                "");
    }

    private static Payload.@Nullable BioQueued bioQueue(String body) {
        Matcher m = BIO_QUEUE.matcher(body);
        if (!m.matches()) {
            return null;
        }
        return new Payload.BioQueued(
                DevNum.parse(m.group(1)), m.group(2), sector(m.group(3)), Numbers.parseInt(m.group(4), 0), m.group(5));
    }

    private static Payload.@Nullable DioBegin dioBegin(String body) {
        Words w = new Words(body);
        if (!w.has("dev", "ino", "offset", "length", "flags")) {
            return null;
        }
        return new Payload.DioBegin(
                DevNum.parse(w.get("dev")),
                w.number("ino"),
                w.number("size"),
                w.number("offset"),
                w.number("length"),
                w.get("flags"),
                w.get("dio_flags"),
                w.number("aio") != 0);
    }

    private static Payload.@Nullable DioComplete dioComplete(String body) {
        Words w = new Words(body);
        if (!w.has("dev", "ino", "offset", "error", "ret")) {
            return null;
        }
        return new Payload.DioComplete(
                DevNum.parse(w.get("dev")),
                w.number("ino"),
                w.number("size"),
                w.number("offset"),
                w.get("flags"),
                w.number("aio") != 0,
                (int) w.number("error"),
                w.number("ret"));
    }

    private static Payload.@Nullable Folio folio(String body) {
        Matcher m = FOLIO.matcher(body);
        return m.matches()
                ? new Payload.Folio(m.group(1), Numbers.parseLong(m.group(2), 0), Numbers.parseLong(m.group(3), 0))
                : null;
    }

    private static Payload.@Nullable Contention contention(String event, String body) {
        Matcher m = CONTENTION.matcher(body);
        if (!m.matches()) {
            return null;
        }
        boolean begin = event.equals("contention_begin");
        return new Payload.Contention(
                begin, m.group(1), begin ? m.group(3) : "", begin ? 0 : Numbers.parseInt(m.group(3), 0));
    }

    private static Payload.@Nullable Switch schedSwitch(String body) {
        Matcher m = SWITCH.matcher(body);
        return m.matches()
                ? new Payload.Switch(
                        m.group(1),
                        Numbers.parseInt(m.group(2), -1),
                        m.group(3),
                        m.group(4),
                        Numbers.parseInt(m.group(5), -1))
                : null;
    }

    private static Payload.@Nullable Wakeup wakeup(String body) {
        Matcher m = WAKEUP.matcher(body);
        return m.matches()
                ? new Payload.Wakeup(m.group(1), Numbers.parseInt(m.group(2), -1), Numbers.parseInt(m.group(3), -1))
                : null;
    }

    private static Payload mark(String body) {
        String text = body.strip();
        return LabMark.parse(text).<Payload>map(Payload.Mark::new).orElseGet(() -> new Payload.Print(text));
    }

    private static Payload.Fields fields(String body) {
        Map<String, String> out = new LinkedHashMap<>();
        Matcher bdi = BDI.matcher(body);
        if (bdi.find()) {
            out.put("bdi", bdi.group(1));
        }
        Words w = new Words(body);
        for (String k : new String[] {"dev", "ino"}) {
            if (w.has(k)) {
                out.put(k, w.get(k));
            }
        }
        Matcher m = KEY_VALUE.matcher(body);
        while (m.find()) {
            out.put(m.group(1), m.group(2));
        }
        return new Payload.Fields(out);
    }

    /** A flush request prints its sector as -1 unsigned (18446744073709551615): kept as -1. */
    private static long sector(String s) {
        try {
            return Long.parseUnsignedLong(s);
        } catch (NumberFormatException e) {
            return -1;
        }
    }
}
