package org.diolab.engine;

/** The step that led to a snapshot: who acted, the step's label, and what happened in words. */
public record Event(EventKind kind, String actor, String label, String action) {
    static Event start(String scenario) {
        return new Event(EventKind.START, "", "start", "Scenario " + scenario + " begins");
    }
}
