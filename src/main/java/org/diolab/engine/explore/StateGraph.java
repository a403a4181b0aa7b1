package org.diolab.engine.explore;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * The explored state graph in compact form. States are numbered in the order breadth-first search discovers them,
 * so the tree of first discoveries ({@code parent}, {@code via}) holds a shortest schedule to every state. Each
 * expanded state keeps its outgoing edges (one per ready actor, duplicates kept: two actors reaching the same state
 * are two different interleavings) for counting paths afterwards. States never expanded have no edges.
 */
final class StateGraph {
    private final IntList parent = new IntList();
    private final IntList via = new IntList();
    private final IntList depth = new IntList();
    private final IntList edgeStart = new IntList();
    private final IntList edgeEnd = new IntList();
    private final IntList targets = new IntList();

    /** Adds a state first reached from {@code from} (-1 for the initial state) by stepping actor {@code actor}. */
    int add(int from, int actor) {
        int id = parent.size();
        parent.add(from);
        via.add(actor);
        depth.add(from < 0 ? 0 : depth.get(from) + 1);
        edgeStart.add(0);
        edgeEnd.add(0);
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
        return depth.get(state);
    }

    /** Starts recording the edges of {@code state}; states must be expanded one at a time. */
    void beginEdges(int state) {
        edgeStart.set(state, targets.size());
        edgeEnd.set(state, targets.size());
    }

    void edge(int state, int target) {
        targets.add(target);
        edgeEnd.set(state, targets.size());
    }

    int edgeStart(int state) {
        return edgeStart.get(state);
    }

    int edgeEnd(int state) {
        return edgeEnd.get(state);
    }

    int target(int edge) {
        return targets.get(edge);
    }

    /** The actor indices of the shortest schedule from the initial state to {@code state}. */
    List<Integer> schedule(int state) {
        List<Integer> out = new ArrayList<>();
        for (int s = state; parent.get(s) >= 0; s = parent.get(s)) {
            out.add(via.get(s));
        }
        Collections.reverse(out);
        return out;
    }
}
