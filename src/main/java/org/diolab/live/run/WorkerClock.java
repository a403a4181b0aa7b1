package org.diolab.live.run;

/** Shared by all workers of a run; written before the start gate opens, read after it. */
final class WorkerClock {
    long startNanos;
    long deadlineNanos;
    boolean timeBased;
    boolean capped;
}
