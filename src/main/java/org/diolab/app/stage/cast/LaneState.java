package org.diolab.app.stage.cast;

/** Whether an actor can step now. Each state has a label and a symbol, so it never rests on colour alone. */
public enum LaneState {
    READY("ready", "▶"),
    BLOCKED("waiting", "‖"),
    DONE("done", "✓"),
    IDLE("idle", "○");

    private final String label;
    private final String symbol;

    LaneState(String label, String symbol) {
        this.label = label;
        this.symbol = symbol;
    }

    public String label() {
        return label;
    }

    public String symbol() {
        return symbol;
    }

    /** The CSS pseudo-class name of this state ({@code :ready}, {@code :blocked}, ...). */
    public String css() {
        return name().toLowerCase();
    }
}
