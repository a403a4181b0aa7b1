package org.diolab.engine;

/** What a snapshot records: the start, a step taken, an actor found waiting, or a run that cannot go on. */
public enum EventKind {
    START,
    STEP,
    BLOCKED,
    DEADLOCK
}
