package org.diolab.engine.explore;

/**
 * The explorer's set of distinct states, numbered in the order they were added (breadth-first discovery order). How
 * a state is kept is the store's business: as the object itself ({@link HashStateStore}), or as a compact key from
 * which the state is rebuilt on demand ({@link SimStateStore}), which is what lets the explorer hold millions.
 */
interface StateStore<S> {
    /** The number of the state equal to {@code s}, or {@code -1 - n} if it was new and was just added as number n. */
    int addIfAbsent(S s);

    /** State number {@code id}, equal to the one added under that number. */
    S get(int id);

    int size();

    /** The actor indices of the schedule the graph holds to state {@code id}, as the scenario names its actors. */
    default java.util.List<Integer> schedule(StateGraph graph, int id) {
        return graph.schedule(id);
    }
}
