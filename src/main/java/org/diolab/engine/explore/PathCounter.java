package org.diolab.engine.explore;

import java.math.BigInteger;
import java.util.HashMap;
import java.util.Map;
import java.util.Objects;

/**
 * Counts the maximal paths from state 0 of a {@link StateGraph}: paths(s) = 1 for a state without edges, else the sum
 * over its edges. Memoised in post-order of an iterative depth-first search (runs are long enough to overflow the
 * Java stack on big graphs). Counts fit a long until they do not; the few that overflow live in a side map.
 *
 * <p>The simulator's graph is acyclic (each step advances a program counter or completes a DMA), but a model change
 * could add a step that returns to an earlier state; an edge back to a state on the search stack is then noted and
 * skipped, and the count says "unbounded" instead of looping.
 */
final class PathCounter {
    private static final byte NEW = 0;
    private static final byte ON_STACK = 1;
    private static final byte DONE = 2;

    private final StateGraph graph;
    private final long[] small;
    private final Map<Integer, BigInteger> big = new HashMap<>();
    private final byte[] mark;
    private boolean cyclic;

    private PathCounter(StateGraph graph) {
        this.graph = graph;
        this.small = new long[graph.size()];
        this.mark = new byte[graph.size()];
    }

    /** The paths from state 0; {@code partial} when some states were never expanded (a lower bound, then). */
    static PathCount count(StateGraph graph, boolean partial) {
        PathCounter c = new PathCounter(graph);
        BigInteger n = c.run();
        PathCount.Kind kind =
                c.cyclic ? PathCount.Kind.UNBOUNDED : partial ? PathCount.Kind.AT_LEAST : PathCount.Kind.EXACT;
        return new PathCount(n, kind);
    }

    private BigInteger run() {
        int n = graph.size();
        int[] stack = new int[n];
        int[] cursor = new int[n];
        int sp = 0;
        stack[sp] = 0;
        cursor[sp++] = graph.edgeStart(0);
        mark[0] = ON_STACK;
        while (sp > 0) {
            int s = stack[sp - 1];
            if (cursor[sp - 1] < graph.edgeEnd(s)) {
                int t = graph.target(cursor[sp - 1]++);
                if (mark[t] == NEW) {
                    mark[t] = ON_STACK;
                    stack[sp] = t;
                    cursor[sp++] = graph.edgeStart(t);
                } else if (mark[t] == ON_STACK) {
                    cyclic = true;
                }
            } else {
                sp--;
                settle(s);
                mark[s] = DONE;
            }
        }
        return value(0);
    }

    /** All successors of {@code s} are settled (or on the stack, i.e. back edges, which add no finite run). */
    private void settle(int s) {
        int from = graph.edgeStart(s);
        int to = graph.edgeEnd(s);
        if (from == to) {
            small[s] = 1;
            return;
        }
        long sum = 0;
        BigInteger bigSum = null;
        for (int e = from; e < to; e++) {
            int t = graph.target(e);
            if (mark[t] != DONE) {
                continue;
            }
            if (bigSum == null && small[t] >= 0 && sum <= Long.MAX_VALUE - small[t]) {
                sum += small[t];
            } else {
                bigSum = (bigSum == null ? BigInteger.valueOf(sum) : bigSum).add(value(t));
            }
        }
        if (bigSum == null) {
            small[s] = sum;
        } else {
            small[s] = -1;
            big.put(s, bigSum);
        }
    }

    private BigInteger value(int s) {
        return small[s] >= 0 ? BigInteger.valueOf(small[s]) : Objects.requireNonNull(big.get(s));
    }
}
