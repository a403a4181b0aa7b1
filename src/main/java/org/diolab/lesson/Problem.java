package org.diolab.lesson;

/**
 * One thing wrong with a lesson file, where it is, and what to do about it.
 *
 * @param file the file as the user named it (or its bundled path)
 * @param hint what to do instead, or {@code null}
 */
public record Problem(String file, int line, int column, String message, String hint) {
    /** {@code file:line:column: message (hint)} — the form editors and terminals link to. */
    public String format() {
        return file + ":" + line + ":" + column + ": " + message + (hint == null ? "" : " — " + hint);
    }
}
