package org.diolab.live.kernel.trace;

import java.util.ArrayList;
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

    TraceWindow(WindowPolicy policy) {
        this.policy = policy;
        this.ring = new String[policy.ringLines()];
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
            return;
        }
        String rest = line.substring(at + MARK.length());
        if (rest.startsWith("store-end ")) {
            stores++;
        } else if (rest.startsWith("read-end ") || rest.startsWith("write-end ")) {
            calls++;
            ended(i, line);
        }
    }

    private void ended(long i, String line) {
        TraceEvent e = FtraceParser.event(line, i).orElse(null);
        if (e == null || e.mark().isEmpty()) {
            return;
        }
        long ret = e.mark().get().number("ret", 0);
        if (ret >= 0) {
            return;
        }
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
                new WindowStats(seen, lines.size(), calls, eio, eagain, otherErrors, stores, windows, notKept, lost));
    }

    /** The lines kept and where lines between them were left out. */
    record Kept(List<String> lines, long gaps, WindowStats stats) {
        Kept {
            lines = List.copyOf(lines);
        }
    }
}
