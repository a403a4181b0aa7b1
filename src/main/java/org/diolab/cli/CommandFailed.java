package org.diolab.cli;

/**
 * A command that was asked for properly but could not be done (the disk filled up, the folder turned read-only). The
 * CLI prints the message, which says what happened and what to do, and exits with {@link #EXIT_CODE}.
 */
final class CommandFailed extends RuntimeException {
    static final int EXIT_CODE = 1;
    private static final long serialVersionUID = 1L;

    CommandFailed(String message, Throwable cause) {
        super(message, cause);
    }
}
