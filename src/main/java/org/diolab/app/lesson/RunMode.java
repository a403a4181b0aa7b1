package org.diolab.app.lesson;

/** Where the trace on show comes from: the lesson's script, a replayed schedule, or the learner choosing each step. */
public enum RunMode {
    SCRIPT("the lesson's script"),
    REPLAY("a replayed interleaving"),
    SCHEDULING("you are the scheduler");

    private final String label;

    RunMode(String label) {
        this.label = label;
    }

    public String label() {
        return label;
    }
}
