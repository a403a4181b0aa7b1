package org.diolab.lesson;

/**
 * One thing wrong with a lesson file, where it is, and what to do about it.
 *
 * @param file    the file as the user named it (or its bundled path)
 * @param hint    what to do instead, or {@code null}
 * @param warning true for something worth a look that does not break the lesson (it still loads and plays)
 */
public record Problem(String file, int line, int column, String message, String hint, boolean warning) {
    public Problem(String file, int line, int column, String message, String hint) {
        this(file, line, column, message, hint, false);
    }

    /** {@code file:line:column: message (hint)} — the form editors and terminals link to; a warning says so. */
    public String format() {
        return file + ":" + line + ":" + column + ": " + (warning ? "warning: " : "") + message
                + (hint == null ? "" : " — " + hint);
    }
}
