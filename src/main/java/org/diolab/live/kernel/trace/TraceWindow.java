package org.diolab.live.kernel.trace;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.diolab.live.kernel.trace.text.FtraceParser;
import org.diolab.live.kernel.trace.text.LabMark;
import org.diolab.live.kernel.trace.text.TraceEvent;

/**
 * Keeps a bounded part of a stream of trace lines ({@link WindowPolicy}): the head, a window around each failed
 * call (found by its end marker's negative {@code ret}; its begin marker looked up in a ring of recent lines), and
 * the tail. Every line is counted; only marker lines that end a call are parsed, so a line costs a substring search.
 */
final class TraceWindow implements LineSink {
    private static final String MARK = "tracing_mark_write: " + LabMark.PREFIX;
    private final WindowPolicy policy;
    private final String[] ring;
    private final TreeMap<Long, String> kept = new TreeMap<>();
    private long seen;
    private long keepUntil = -1;
    private long calls;
    private long eio;
    private long eagain;
    private long otherErrors;
    private long stores;
    private int windows;
    private long notKept;
    private long lost;
    private int phases;
    private Map<String, Long> phaseCounts = new LinkedHashMap<>();
    private final Map<String, Map<String, Long>> phaseEvents = new LinkedHashMap<>();

    TraceWindow(WindowPolicy policy) {
        this.policy = policy;
        this.ring = new String[policy.ringLines()];
        phaseEvents.put("", phaseCounts);
    }

    @Override
    public synchronized void line(String line) {
        long i = seen++;
        ring[(int) (i % ring.length)] = line;
        if (i < policy.headLines() || i <= keepUntil) {
            kept.put(i, line);
        }
        if (line.startsWith("CPU:") && line.contains("[LOST ")) {
            lost += lostCount(line);
            return;
        }
        int at = line.indexOf(MARK);
        if (at < 0) {
            count(line);
            return;
        }
        String rest = line.substring(at + MARK.length());
        if (rest.startsWith("phase ")) {
            phase(i, line, rest);
        } else if (rest.startsWith("store-end ")) {
            stores++;
            phaseCounts.merge("store-end", 1L, Long::sum);
        } else if (rest.startsWith("read-end ") || rest.startsWith("write-end ")) {
            calls++;
            ended(i, line);
        }
    }

    /** A phase of the scenario starts: its marker and first lines are kept, its events counted on their own. */
    private void phase(long i, String line, String rest) {
        kept.put(i, line);
        int n = rest.indexOf(" name=");
        String name = n < 0 ? "" : rest.substring(n + 6).strip().replace('_', ' ');
        phaseCounts = phaseEvents.computeIfAbsent(name, k -> new LinkedHashMap<>());
        if (phases < policy.maxPhases()) {
            phases++;
            keepUntil = Math.max(keepUntil, i + policy.phaseLines());
        }
    }

    /**
     * Counts a kernel event by name ("block_rq_issue: 7,0 RS ..." counts as "block_rq_issue 7,0 R"), found between
     * the timestamp's colon and the next: a few searches a line, no parsing.
     */
    private void count(String line) {
        int bracket = line.indexOf("] ");
        int a = bracket < 0 ? -1 : line.indexOf(": ", bracket);
        int b = a < 0 ? -1 : line.indexOf(':', a + 2);
        if (b < 0) {
            return;
        }
        String name = line.substring(a + 2, b);
        if (name.startsWith("block_rq_") || name.equals("block_bio_queue")) {
            int d = b + 2;
            int e = line.indexOf(' ', d);
            int f = e < 0 ? -1 : line.indexOf(' ', e + 1);
            if (f > e) {
                String rwbs = line.substring(e + 1, f);
                name = name + " " + line.substring(d, e) + " "
                        + (rwbs.indexOf('W') >= 0 ? "W" : rwbs.indexOf('R') >= 0 ? "R" : "-");
            }
        }
        if (name.equals("contention_begin")) {
            int fl = line.indexOf("(flags=", b);
            int end = fl < 0 ? -1 : line.indexOf(')', fl);
            name = end < 0 ? name : name + " " + line.substring(fl + 7, end);
        }
        phaseCounts.merge(name, 1L, Long::sum);
    }

    private void ended(long i, String line) {
        TraceEvent e = FtraceParser.event(line, i).orElse(null);
        if (e == null || e.mark().isEmpty()) {
            return;
        }
        long ret = e.mark().get().number("ret", 0);
        String kind = e.mark().get().kind().word();
        phaseCounts.merge(kind, 1L, Long::sum);
        if (ret >= 0) {
            return;
        }
        phaseCounts.merge(kind + " " + ret, 1L, Long::sum);
        if (ret == -5) {
            eio++;
        } else if (ret == -11) {
            eagain++;
        } else {
            otherErrors++;
        }
        if (windows >= policy.maxWindows()) {
            notKept++;
            return;
        }
        windows++;
        boolean write = e.mark().get().kind().name().startsWith("WRITE");
        long begin = findBegin(
                i,
                e.pid(),
                (write ? "write-begin " : "read-begin ") + e.mark().get().seq() + " ");
        long oldest = Math.max(0, seen - ring.length);
        long from = Math.max(oldest, begin - policy.preLines());
        from = Math.max(from, i - policy.maxWindowLines() + 1);
        for (long j = from; j <= i; j++) {
            kept.put(j, ring[(int) (j % ring.length)]);
        }
        keepUntil = Math.max(keepUntil, i + policy.postLines());
    }

    /** The index of the begin marker of that call, or the oldest line in the ring when it is older than that. */
    private long findBegin(long end, int pid, String words) {
        long oldest = Math.max(0, seen - ring.length);
        String needle = MARK + words;
        for (long j = end - 1; j >= oldest; j--) {
            String l = ring[(int) (j % ring.length)];
            if (l.contains(needle)) {
                TraceEvent b = FtraceParser.event(l, j).orElse(null);
                if (b != null && b.pid() == pid) {
                    return j;
                }
            }
        }
        return oldest;
    }

    private static long lostCount(String line) {
        try {
            int a = line.indexOf("[LOST ") + 6;
            return Long.parseLong(line.substring(a, line.indexOf(' ', a)));
        } catch (RuntimeException e) {
            return 0;
        }
    }

    /** The kept lines in the order read, with the tail; what was counted. */
    synchronized Kept finish() {
        long oldest = Math.max(0, seen - ring.length);
        for (long j = Math.max(oldest, seen - policy.tailLines()); j < seen; j++) {
            kept.put(j, ring[(int) (j % ring.length)]);
        }
        List<String> lines = new ArrayList<>(kept.size());
        long gaps = 0;
        long prev = -1;
        for (Map.Entry<Long, String> en : kept.entrySet()) {
            if (prev >= 0 && en.getKey() != prev + 1) {
                gaps++;
            }
            prev = en.getKey();
            lines.add(en.getValue());
        }
        return new Kept(
                lines,
                gaps,
                new WindowStats(
                        seen,
                        lines.size(),
                        calls,
                        eio,
                        eagain,
                        otherErrors,
                        stores,
                        windows,
                        notKept,
                        lost,
                        phaseEvents));
    }

    /** The lines kept and where lines between them were left out. */
    record Kept(List<String> lines, long gaps, WindowStats stats) {
        Kept {
            lines = List.copyOf(lines);
        }
    }
}
