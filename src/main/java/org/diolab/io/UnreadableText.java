package org.diolab.io;

import java.io.IOException;

/**
 * A text file that cannot be used, and why, in words (never a Java exception's text). {@code line} and
 * {@code column} (1-based) point at the offending byte when there is one, else at 1:1.
 */
public final class UnreadableText extends IOException {
    private static final long serialVersionUID = 1L;
    private final int line;
    private final int column;
    private final String hint;

    public UnreadableText(String reason, int line, int column, String hint) {
        super(reason);
        this.line = line;
        this.column = column;
        this.hint = hint;
    }

    public int line() {
        return line;
    }

    public int column() {
        return column;
    }

    /** What to do about it. */
    public String hint() {
        return hint;
    }

    /** "reason — hint", for one-line messages that have no position. */
    public String oneLine() {
        return getMessage() + " — " + hint;
    }
}
