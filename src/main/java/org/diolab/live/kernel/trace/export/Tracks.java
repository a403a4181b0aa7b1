package org.diolab.live.kernel.trace.export;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.diolab.live.kernel.trace.meaning.Column;

/**
 * Columns as trace-event processes and threads: one process per kind of column (so Perfetto groups the lab's
 * threads, the devices, the kernel threads and the log), one thread per column. Lab and kernel threads keep their
 * real thread ids; devices, the log and the failures track get small ids of their own, which no kernel thread has.
 */
final class Tracks {
    /** The process of the failures track: first in the picture. */
    static final int FAILURES_PID = 1;

    static final int FAILURES_TID = 1;
    private final Map<String, int[]> ids = new LinkedHashMap<>();
    private final Map<String, Integer> lanes = new LinkedHashMap<>();
    private int synthetic = 2;

    Tracks(List<Column> columns) {
        for (Column c : columns) {
            int pid = pid(c.kind());
            int tid = switch (c.kind()) {
                case LAB_THREAD, KERNEL_THREAD -> realTid(c.id(), synthetic++);
                case DEVICE, LOG -> synthetic++;
            };
            ids.put(c.id(), new int[] {pid, tid});
        }
    }

    static int pid(Column.Kind k) {
        return switch (k) {
            case LAB_THREAD -> 2;
            case DEVICE -> 3;
            case KERNEL_THREAD -> 4;
            case LOG -> 5;
        };
    }

    static String processName(Column.Kind k) {
        return switch (k) {
            case LAB_THREAD -> "kernel lab threads";
            case DEVICE -> "the lab's loop devices";
            case KERNEL_THREAD -> "kernel threads";
            case LOG -> "kernel log";
        };
    }

    /** "thread:1234" → 1234; a tid that is not a number gets the synthetic one. */
    private static int realTid(String id, int fallback) {
        try {
            return Integer.parseInt(id.substring(id.indexOf(':') + 1));
        } catch (NumberFormatException e) {
            return fallback;
        }
    }

    int pid(Column c) {
        return ids(c)[0];
    }

    int tid(Column c) {
        return ids(c)[1];
    }

    /**
     * The tid of a device's {@code lane}-th track: its own for lane 0, then ids of their own, which no column has
     * (real tids are taken first, so a synthetic one given later cannot be a column's).
     */
    int laneTid(Column c, int lane) {
        if (lane == 0) {
            return tid(c);
        }
        return lanes.computeIfAbsent(c.id() + "#" + lane, k -> nextSynthetic());
    }

    private int nextSynthetic() {
        java.util.Set<Integer> taken = new java.util.HashSet<>();
        ids.values().forEach(i -> taken.add(i[1]));
        taken.addAll(lanes.values());
        while (taken.contains(synthetic)) {
            synthetic++;
        }
        return synthetic++;
    }

    private int[] ids(Column c) {
        int[] i = ids.get(c.id());
        if (i == null) {
            throw new IllegalArgumentException("not a column of this reading: " + c.id());
        }
        return i;
    }
}
