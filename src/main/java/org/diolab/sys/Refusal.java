package org.diolab.sys;

/**
 * A refusal before anything was created: what was asked cannot be done here, and the message says why and what to
 * do, in a form a command line prints as is (exit code 2) and an app shows in a dialog. The live engine and the
 * kernel lab each refuse with their own reasons ({@code LiveRefusal}, {@code KernelLabRefusal}).
 */
public abstract class Refusal extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final Enum<?> reason;

    protected Refusal(Enum<?> reason, String message) {
        super(message);
        this.reason = reason;
    }

    /**
     * Why: a constant of the subclass's own {@code Reason} enum ({@code LiveRefusal.Reason.NO_SPACE}); tests and
     * callers compare it, users read the message.
     */
    public Enum<?> reason() {
        return reason;
    }
}
