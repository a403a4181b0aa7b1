package org.diolab.live.kernel.trace.meaning;

/** The few errno values the kernel lab's operations end with, by name. */
final class Errno {
    static final int EIO = 5;
    static final int EAGAIN = 11;

    private Errno() {}

    /** -5 → "EIO"; 65536 → "65536 bytes". */
    static String describe(long ret) {
        if (ret >= 0) {
            return ret + " bytes";
        }
        return switch ((int) -ret) {
            case 1 -> "EPERM";
            case 4 -> "EINTR";
            case EIO -> "EIO";
            case 9 -> "EBADF";
            case EAGAIN -> "EAGAIN";
            case 12 -> "ENOMEM";
            case 14 -> "EFAULT";
            case 22 -> "EINVAL";
            case 28 -> "ENOSPC";
            case 95 -> "EOPNOTSUPP";
            default -> "errno " + -ret;
        };
    }
}
