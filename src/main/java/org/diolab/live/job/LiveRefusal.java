package org.diolab.live.job;

import org.diolab.sys.Refusal;

/**
 * The live engine will not run what was asked, before touching the disk. The message says why and what to do, in a
 * form the CLI prints as is and the app shows in a dialog.
 */
public final class LiveRefusal extends Refusal {
    private static final long serialVersionUID = 1L;

    /** Why a run was refused; tests and the app branch on it, users read the message. */
    public enum Reason {
        NOT_A_DIRECTORY,
        SYMLINK,
        NOT_WRITABLE,
        NO_DIRECT_IO,
        NO_SPACE,
        NO_MEMORY,
        BAD_OPTION,
        UNSUPPORTED_FLAG,
        /** The kernel or a sysctl does not give this process the I/O engine asked for (io_uring, native AIO). */
        NO_ENGINE
    }

    public LiveRefusal(Reason reason, String message) {
        super(reason, message);
    }

    public static LiveRefusal badOption(String message) {
        return new LiveRefusal(Reason.BAD_OPTION, message);
    }
}
