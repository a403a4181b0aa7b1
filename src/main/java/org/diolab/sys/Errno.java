package org.diolab.sys;

import java.util.Locale;
import java.util.Map;

/**
 * Linux errno values the live engine and the kernel lab branch on or report, and their names for messages: the
 * symbolic name is what people search for, the meaning is what they read first.
 */
public final class Errno {
    public static final int EPERM = 1;
    public static final int ENOENT = 2;
    public static final int EINTR = 4;
    public static final int EIO = 5;
    public static final int EBADF = 9;
    public static final int EAGAIN = 11;
    public static final int EWOULDBLOCK = EAGAIN;
    public static final int ENOMEM = 12;
    public static final int EACCES = 13;
    public static final int EBUSY = 16;
    public static final int EEXIST = 17;
    public static final int ENOTDIR = 20;
    public static final int EISDIR = 21;
    public static final int EINVAL = 22;
    public static final int EMFILE = 24;
    public static final int ENOTTY = 25;
    public static final int ENOSPC = 28;
    public static final int EROFS = 30;
    public static final int EPIPE = 32;
    public static final int ENOSYS = 38;
    public static final int ENOTEMPTY = 39;
    public static final int ELOOP = 40;
    public static final int ENXIO = 6;
    public static final int EFAULT = 14;
    public static final int EOPNOTSUPP = 95;
    public static final int EDQUOT = 122;

    /** Symbolic names and what they mean, for the errors people meet with scratch files and the lab's devices. */
    private static final Map<Integer, String[]> NAMES = Map.ofEntries(
            Map.entry(EPERM, new String[] {"EPERM", "operation not permitted"}),
            Map.entry(ENOENT, new String[] {"ENOENT", "no such file or directory"}),
            Map.entry(EINTR, new String[] {"EINTR", "interrupted"}),
            Map.entry(EIO, new String[] {"EIO", "input/output error"}),
            Map.entry(EBADF, new String[] {"EBADF", "bad file descriptor"}),
            Map.entry(EAGAIN, new String[] {"EAGAIN", "try again"}),
            Map.entry(ENOMEM, new String[] {"ENOMEM", "out of memory"}),
            Map.entry(EACCES, new String[] {"EACCES", "permission denied"}),
            Map.entry(EBUSY, new String[] {"EBUSY", "device or resource busy"}),
            Map.entry(EEXIST, new String[] {"EEXIST", "file exists"}),
            Map.entry(ENOTDIR, new String[] {"ENOTDIR", "not a directory"}),
            Map.entry(EISDIR, new String[] {"EISDIR", "is a directory"}),
            Map.entry(EINVAL, new String[] {"EINVAL", "invalid argument"}),
            Map.entry(EMFILE, new String[] {"EMFILE", "too many open files"}),
            Map.entry(ENOTTY, new String[] {"ENOTTY", "inappropriate ioctl for device"}),
            Map.entry(ENOSPC, new String[] {"ENOSPC", "no space left on device"}),
            Map.entry(EROFS, new String[] {"EROFS", "read-only file system"}),
            Map.entry(EPIPE, new String[] {"EPIPE", "broken pipe"}),
            Map.entry(ENOSYS, new String[] {"ENOSYS", "function not implemented"}),
            Map.entry(ENOTEMPTY, new String[] {"ENOTEMPTY", "directory not empty"}),
            Map.entry(ELOOP, new String[] {"ELOOP", "a symbolic link where none may be"}),
            Map.entry(ENXIO, new String[] {"ENXIO", "no such device or address"}),
            Map.entry(EFAULT, new String[] {"EFAULT", "bad address"}),
            Map.entry(EOPNOTSUPP, new String[] {"EOPNOTSUPP", "operation not supported"}),
            Map.entry(EDQUOT, new String[] {"EDQUOT", "disk quota exceeded"}));

    private Errno() {}

    /** "EAGAIN (11)" for messages; the symbolic name is what people search for. */
    public static String name(int errno) {
        String[] n = NAMES.get(errno);
        return n == null ? String.format(Locale.ROOT, "errno %d", errno) : n[0] + " (" + errno + ")";
    }

    /** "permission denied (EACCES)": what it means first, then the name to search for. */
    public static String text(int errno) {
        String[] n = NAMES.get(errno);
        return n == null ? String.format(Locale.ROOT, "errno %d", errno) : n[1] + " (" + n[0] + ")";
    }
}
