package org.diolab.engine;

/**
 * A scenario or a run larger than the simulator takes: the message says what is too large and what to do, in one
 * line. A refusal of the input, not a failure: the CLI prints it and exits 2.
 */
public final class TooLarge extends RuntimeException {
    public TooLarge(String message) {
        super(message, null, false, false);
    }
}
