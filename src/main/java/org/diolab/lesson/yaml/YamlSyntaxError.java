package org.diolab.lesson.yaml;

/** The text is not valid YAML (or repeats a key); carries the position the parser stopped at. */
public final class YamlSyntaxError extends Exception {
    private static final long serialVersionUID = 1L;
    private final int line;
    private final int column;

    public YamlSyntaxError(String message, int line, int column) {
        super(message);
        this.line = line;
        this.column = column;
    }

    public int line() {
        return line;
    }

    public int column() {
        return column;
    }
}
