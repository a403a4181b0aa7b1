package org.diolab.engine.explore;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * The explored state graph in compact form. States are numbered in the order breadth-first search discovers them,
 * so the tree of first discoveries ({@code parent}, {@code via}) holds a shortest schedule to every state. Each
 * expanded state keeps its outgoing edges (one per ready actor, duplicates kept: two actors reaching the same state
 * are two different interleavings) for counting paths afterwards. States never expanded have no edges.
 *
 * <p>About 10 bytes a state and 4 an edge: states are expanded in number order, so a state's edges end where the
 * next one's begin, and numbers grow with depth, so a depth is found among the first number of each depth.
 */
final class StateGraph {
    private final IntList parent = new IntList();
    private final CharList via = new CharList();
    /** The first state of each depth. */
    private final IntList levels = new IntList();
    /** Per expanded state (states 0 to {@code edgeStart.size() - 1}), where its edges begin. */
    private final IntList edgeStart = new IntList();

    private final IntList targets = new IntList();

    /** Adds a state first reached from {@code from} (-1 for the initial state) by stepping actor {@code actor}. */
    int add(int from, int actor) {
        int id = parent.size();
        int depth = from < 0 ? 0 : depth(from) + 1;
        if (depth == levels.size()) {
            levels.add(id);
        } else if (depth != levels.size() - 1) {
            throw new IllegalStateException("states must be added in breadth-first order");
        }
        parent.add(from);
        via.add(actor < 0 ? Character.MAX_VALUE : actor);
        return id;
    }

    int size() {
        return parent.size();
    }

    /** The state {@code state} was first reached from; -1 for the initial state. */
    int parent(int state) {
        return parent.get(state);
    }

    /** The length of the shortest schedule found to {@code state}. */
    int depth(int state) {
        int lo = 0;
        int hi = levels.size() - 1;
        while (lo < hi) {
            int mid = (lo + hi + 1) >>> 1;
            if (levels.get(mid) <= state) {
                lo = mid;
            } else {
                hi = mid - 1;
            }
        }
        return lo;
    }

    /** Starts recording the edges of {@code state}: the next state in number order. */
    void beginEdges(int state) {
        if (state != edgeStart.size()) {
            throw new IllegalStateException("states are expanded in number order");
        }
        edgeStart.add(targets.size());
    }

    void edge(int state, int target) {
        targets.add(target);
    }

    int edgeStart(int state) {
        return state < edgeStart.size() ? edgeStart.get(state) : targets.size();
    }

    int edgeEnd(int state) {
        return state + 1 < edgeStart.size() ? edgeStart.get(state + 1) : targets.size();
    }

    int target(int edge) {
        return targets.get(edge);
    }

    /** The actor indices of the shortest schedule from the initial state to {@code state}. */
    List<Integer> schedule(int state) {
        List<Integer> out = new ArrayList<>();
        for (int s = state; parent.get(s) >= 0; s = parent.get(s)) {
            out.add((int) via.get(s));
        }
        Collections.reverse(out);
        return out;
    }
}
