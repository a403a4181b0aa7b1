package org.diolab.engine.explore;

/**
 * Whether the explorer steps every ready actor in every state ({@link #NONE}), or only a persistent set of them
 * ({@link #PERSISTENT_SETS}, see {@link PersistentSets}): far fewer states, the same invariants broken, the same
 * deadlocks, and the same shortest schedules (re-derived by a bounded search without reduction, see
 * {@link Shortest}). {@link #PERSISTENT_SETS_AND_SYMMETRY} (the default) also keeps one state of each family of
 * states that differ only in which of some interchangeable threads is which ({@link Symmetry}). The counts then
 * describe the reduced graph: its interleavings are a lower bound.
 */
public enum Reduction {
    NONE("none"),
    PERSISTENT_SETS("persistent-sets"),
    PERSISTENT_SETS_AND_SYMMETRY("persistent-sets+symmetry");

    private final String id;

    Reduction(String id) {
        this.id = id;
    }

    public String id() {
        return id;
    }
}
