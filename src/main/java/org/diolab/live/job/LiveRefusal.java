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
        /** A parent directory cannot be searched, so the directory cannot even be looked at. */
        NOT_SEARCHABLE,
        /** A system directory (/etc, /usr, /var/lib, ...), which DIO Lab never litters. */
        SYSTEM_DIRECTORY,
        /** A pseudo file system (proc, sysfs): not a disk file system. */
        NOT_A_DISK,
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
