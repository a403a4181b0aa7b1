package org.diolab.engine;

import java.util.ArrayList;
import java.util.List;

/**
 * Lines up two runs of the same scenario (say, before and after a fix) step by step, so they can be shown side by side
 * and stay in step. Steps pair up when the same actor takes the same kind of step (longest common subsequence of
 * {@code actor.label}); a step only one run has gets a blank on the other side.
 */
public final class TraceAlignment {
    /** One row: the index of the step in each run, or -1 where that run has no such step. */
    public record Row(int left, int right) {}

    private TraceAlignment() {}

    public static List<Row> align(Trace a, Trace b) {
        List<String> x = keys(a);
        List<String> y = keys(b);
        int[][] lcs = new int[x.size() + 1][y.size() + 1];
        for (int i = x.size() - 1; i >= 0; i--) {
            for (int j = y.size() - 1; j >= 0; j--) {
                lcs[i][j] = x.get(i).equals(y.get(j)) ? lcs[i + 1][j + 1] + 1 : Math.max(lcs[i + 1][j], lcs[i][j + 1]);
            }
        }
        List<Row> rows = new ArrayList<>();
        int i = 0;
        int j = 0;
        while (i < x.size() || j < y.size()) {
            if (i < x.size() && j < y.size() && x.get(i).equals(y.get(j))) {
                rows.add(new Row(i++, j++));
            } else if (j >= y.size() || (i < x.size() && lcs[i + 1][j] >= lcs[i][j + 1])) {
                rows.add(new Row(i++, -1));
            } else {
                rows.add(new Row(-1, j++));
            }
        }
        return List.copyOf(rows);
    }

    /** The first row where the runs differ: a step only one has, a different action, or different violations. */
    public static int firstDifference(Trace a, Trace b, List<Row> rows) {
        for (int r = 0; r < rows.size(); r++) {
            Row row = rows.get(r);
            if (row.left() < 0 || row.right() < 0) {
                return r;
            }
            Snapshot s = a.get(row.left());
            Snapshot t = b.get(row.right());
            if (!s.event().action().equals(t.event().action())
                    || !s.violations().equals(t.violations())) {
                return r;
            }
        }
        return -1;
    }

    private static List<String> keys(Trace t) {
        return t.snapshots().stream()
                .map(s -> s.event().kind() + ":" + s.event().actor() + "."
                        + s.event().label())
                .toList();
    }
}
