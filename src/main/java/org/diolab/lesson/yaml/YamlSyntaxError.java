package org.diolab.lesson.yaml;

/** The text is not valid YAML (or repeats a key); carries the position the parser stopped at. */
public final class YamlSyntaxError extends Exception {
    private static final long serialVersionUID = 1L;
    /** The hint for plain syntax errors. */
    public static final String CHECK_SYNTAX = "check indentation and quoting near this line";

    private final int line;
    private final int column;
    private final String hint;

    public YamlSyntaxError(String message, int line, int column) {
        this(message, line, column, CHECK_SYNTAX);
    }

    public YamlSyntaxError(String message, int line, int column, String hint) {
        super(message);
        this.line = line;
        this.column = column;
        this.hint = hint;
    }

    /** What to do about it. */
    public String hint() {
        return hint;
    }

    public int line() {
        return line;
    }

    public int column() {
        return column;
    }
}
