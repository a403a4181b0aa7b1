package org.diolab.live.kernel.lab;

import org.diolab.sys.Refusal;

/**
 * The kernel lab will not run what was asked, before it created anything. The message says why and what to do
 * ({@code sudo}, a package to install, or {@code --mount DIR} for the file-level scenarios on a btrfs the user
 * mounted); the CLI prints it as is and exits with 2.
 */
public final class KernelLabRefusal extends Refusal {
    private static final long serialVersionUID = 1L;

    /** Why; tests and the app branch on it, users read the message. */
    public enum Reason {
        NOT_ROOT,
        NO_LOOP_DEVICES,
        NO_BTRFS,
        MISSING_TOOL,
        BAD_DIRECTORY,
        BAD_OPTION,
        NOT_BTRFS_MOUNT,
        /** A scenario would change the user's btrfs for good (error counters) and they did not give the flag. */
        NEEDS_CONSENT
    }

    public KernelLabRefusal(Reason reason, String message) {
        super(reason, message);
    }
}
