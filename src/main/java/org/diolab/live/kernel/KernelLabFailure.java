package org.diolab.live.kernel;

/**
 * A kernel-lab run that could not continue (its directory could not be set up or torn down). Everything it created
 * has been undone when this arrives, or the message says what is left and that the next run will retry.
 */
public final class KernelLabFailure extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public KernelLabFailure(String message, Throwable cause) {
        super(message, cause);
    }
}
