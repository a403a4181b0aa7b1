package org.diolab.cli;

/**
 * A mistake in what the user asked for (unknown lesson, bad option). The CLI prints the message, which says what to
 * do instead, and exits with {@link #EXIT_CODE}.
 */
public final class UserError extends RuntimeException {
    public static final int EXIT_CODE = 2;
    private static final long serialVersionUID = 1L;

    public UserError(String message) {
        super(message);
    }
}
