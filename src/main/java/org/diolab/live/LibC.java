package org.diolab.live;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemoryLayout;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.StructLayout;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.VarHandle;
import java.util.Locale;
import java.util.Map;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

/**
 * The few libc calls Java has no API for, bound with the FFM API: {@code preadv2/pwritev2} (the only way to pass
 * RWF_DONTCACHE and RWF_NOWAIT), {@code fallocate} (allocate without writing, as fio does), {@code posix_fadvise}
 * (fio's cache invalidation), {@code mmap/madvise} (buffers with chosen pages), {@code cachestat} /
 * {@code mincore} (is a range in the page cache?), and the descriptor-relative calls that keep scratch files safe
 * ({@code openat}, {@code unlinkat}, {@code statx}, {@code flock}; see {@link DirHandle}). Calls that report failure through errno capture it with
 * {@code captureCallState("errno")}, because errno may be overwritten by the JVM before Java code could read it.
 *
 * <p>Flag and errno values are Linux's; {@code O_DIRECT} and {@code O_NOFOLLOW} differ between x86-64 and arm64.
 */
final class LibC {
    static final int EINTR = 4;
    static final int EAGAIN = 11;
    static final int EINVAL = 22;
    static final int ENOSYS = 38;
    static final int EOPNOTSUPP = 95;
    static final int ENOENT = 2;
    static final int EEXIST = 17;
    static final int EBUSY = 16;
    static final int ENOTEMPTY = 39;
    static final int EWOULDBLOCK = EAGAIN;

    static final int RWF_NOWAIT = 0x08;
    static final int RWF_DONTCACHE = 0x80;
    static final int O_RDONLY = 0;
    static final int O_RDWR = 2;
    static final int O_CREAT = 0x40;
    static final int O_EXCL = 0x80;
    static final int O_NONBLOCK = 0x800;
    static final int O_CLOEXEC = 0x80000;
    static final int O_DIRECT;
    static final int O_NOFOLLOW;
    static final int O_DIRECTORY;
    static final int AT_FDCWD = -100;
    static final int AT_SYMLINK_NOFOLLOW = 0x100;
    static final int AT_EMPTY_PATH = 0x1000;
    static final int AT_REMOVEDIR = 0x200;
    static final int LOCK_EX = 2;
    static final int LOCK_NB = 4;
    static final int LOCK_UN = 8;
    static final int POSIX_FADV_DONTNEED = 4;
    static final int PROT_READ = 1;
    static final int MAP_SHARED = 1;
    /** cachestat(2) has the same number on every architecture (new syscalls share one table since 5.1). */
    static final long SYS_CACHESTAT = 451;

    /** Symbolic names and what they mean, for the errors people meet with scratch files. */
    private static final Map<Integer, String[]> NAMES = Map.ofEntries(
            Map.entry(1, new String[] {"EPERM", "operation not permitted"}),
            Map.entry(ENOENT, new String[] {"ENOENT", "no such file or directory"}),
            Map.entry(EINTR, new String[] {"EINTR", "interrupted"}),
            Map.entry(5, new String[] {"EIO", "input/output error"}),
            Map.entry(9, new String[] {"EBADF", "bad file descriptor"}),
            Map.entry(EAGAIN, new String[] {"EAGAIN", "try again"}),
            Map.entry(13, new String[] {"EACCES", "permission denied"}),
            Map.entry(EBUSY, new String[] {"EBUSY", "device or resource busy"}),
            Map.entry(EEXIST, new String[] {"EEXIST", "file exists"}),
            Map.entry(20, new String[] {"ENOTDIR", "not a directory"}),
            Map.entry(21, new String[] {"EISDIR", "is a directory"}),
            Map.entry(EINVAL, new String[] {"EINVAL", "invalid argument"}),
            Map.entry(24, new String[] {"EMFILE", "too many open files"}),
            Map.entry(28, new String[] {"ENOSPC", "no space left on device"}),
            Map.entry(30, new String[] {"EROFS", "read-only file system"}),
            Map.entry(ENOSYS, new String[] {"ENOSYS", "function not implemented"}),
            Map.entry(ENOTEMPTY, new String[] {"ENOTEMPTY", "directory not empty"}),
            Map.entry(40, new String[] {"ELOOP", "a symbolic link where none may be"}),
            Map.entry(EOPNOTSUPP, new String[] {"EOPNOTSUPP", "operation not supported"}),
            Map.entry(122, new String[] {"EDQUOT", "disk quota exceeded"}));

    static {
        String arch = System.getProperty("os.arch", "");
        boolean arm = arch.equals("aarch64") || arch.equals("arm64");
        O_DIRECT = arm ? 0x10000 : 0x4000;
        O_NOFOLLOW = arm ? 0x8000 : 0x20000;
        O_DIRECTORY = arm ? 0x4000 : 0x10000;
    }

    private static final Linker LINKER = Linker.nativeLinker();
    private static final StructLayout CALL_STATE = Linker.Option.captureStateLayout();
    private static final VarHandle ERRNO = CALL_STATE.varHandle(MemoryLayout.PathElement.groupElement("errno"));
    private static final Linker.Option CAPTURE = Linker.Option.captureCallState("errno");

    static final MethodHandle OPEN = bind("open", FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_INT, JAVA_INT),
            CAPTURE, Linker.Option.firstVariadicArg(2));
    static final MethodHandle OPENAT = bind("openat",
            FunctionDescriptor.of(JAVA_INT, JAVA_INT, ADDRESS, JAVA_INT, JAVA_INT), CAPTURE,
            Linker.Option.firstVariadicArg(3));
    static final MethodHandle UNLINKAT = bind("unlinkat", FunctionDescriptor.of(JAVA_INT, JAVA_INT, ADDRESS, JAVA_INT),
            CAPTURE);
    static final MethodHandle MKDIRAT = bind("mkdirat", FunctionDescriptor.of(JAVA_INT, JAVA_INT, ADDRESS, JAVA_INT),
            CAPTURE);
    /** statx(2): its struct has one layout on every architecture, unlike struct stat. */
    static final MethodHandle STATX = bind("statx",
            FunctionDescriptor.of(JAVA_INT, JAVA_INT, ADDRESS, JAVA_INT, JAVA_INT, ADDRESS), CAPTURE);
    static final MethodHandle FLOCK = bind("flock", FunctionDescriptor.of(JAVA_INT, JAVA_INT, JAVA_INT), CAPTURE);
    static final MethodHandle GETEUID = bind("geteuid", FunctionDescriptor.of(JAVA_INT));
    static final MethodHandle PREAD = bind("pread",
            FunctionDescriptor.of(JAVA_LONG, JAVA_INT, ADDRESS, JAVA_LONG, JAVA_LONG), CAPTURE);
    static final MethodHandle PWRITE = bind("pwrite",
            FunctionDescriptor.of(JAVA_LONG, JAVA_INT, ADDRESS, JAVA_LONG, JAVA_LONG), CAPTURE);
    static final MethodHandle FTRUNCATE = bind("ftruncate", FunctionDescriptor.of(JAVA_INT, JAVA_INT, JAVA_LONG),
            CAPTURE);
    static final MethodHandle CLOSE = bind("close", FunctionDescriptor.of(JAVA_INT, JAVA_INT));
    static final MethodHandle PREADV2 = bind("preadv2",
            FunctionDescriptor.of(JAVA_LONG, JAVA_INT, ADDRESS, JAVA_INT, JAVA_LONG, JAVA_INT), CAPTURE);
    static final MethodHandle PWRITEV2 = bind("pwritev2",
            FunctionDescriptor.of(JAVA_LONG, JAVA_INT, ADDRESS, JAVA_INT, JAVA_LONG, JAVA_INT), CAPTURE);
    static final MethodHandle FALLOCATE = bind("fallocate",
            FunctionDescriptor.of(JAVA_INT, JAVA_INT, JAVA_INT, JAVA_LONG, JAVA_LONG), CAPTURE);
    static final MethodHandle FDATASYNC = bind("fdatasync", FunctionDescriptor.of(JAVA_INT, JAVA_INT), CAPTURE);
    /** posix_fadvise returns the error number instead of setting errno. */
    static final MethodHandle POSIX_FADVISE = bind("posix_fadvise",
            FunctionDescriptor.of(JAVA_INT, JAVA_INT, JAVA_LONG, JAVA_LONG, JAVA_INT));
    static final MethodHandle SYSCALL4 = bind("syscall",
            FunctionDescriptor.of(JAVA_LONG, JAVA_LONG, JAVA_LONG, JAVA_LONG, JAVA_LONG, JAVA_LONG), CAPTURE,
            Linker.Option.firstVariadicArg(1));
    static final MethodHandle MMAP = bind("mmap",
            FunctionDescriptor.of(ADDRESS, ADDRESS, JAVA_LONG, JAVA_INT, JAVA_INT, JAVA_INT, JAVA_LONG), CAPTURE);
    static final MethodHandle MADVISE = bind("madvise", FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_LONG, JAVA_INT));
    static final MethodHandle MUNMAP = bind("munmap", FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_LONG));
    static final MethodHandle MINCORE = bind("mincore",
            FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_LONG, ADDRESS), CAPTURE);

    private LibC() {
    }

    private static MethodHandle bind(String name, FunctionDescriptor fd, Linker.Option... options) {
        return LINKER.defaultLookup().find(name).map(addr -> LINKER.downcallHandle(addr, fd, options)).orElse(null);
    }

    /** True when every call needed for RWF_* flags was found (glibc 2.26+). */
    static boolean hasRwf() {
        return PREADV2 != null && PWRITEV2 != null && OPEN != null;
    }

    /** Memory for one call's captured errno; allocate once per thread and reuse. */
    static MemorySegment newCallState(Arena arena) {
        return arena.allocate(CALL_STATE);
    }

    static int errno(MemorySegment callState) {
        return (int) ERRNO.get(callState, 0L);
    }

    /** "EAGAIN (11)" for messages; the symbolic name is what people search for. */
    static String errnoName(int errno) {
        String[] n = NAMES.get(errno);
        return n == null ? String.format(Locale.ROOT, "errno %d", errno) : n[0] + " (" + errno + ")";
    }

    /** "permission denied (EACCES)": what it means first, then the name to search for. */
    static String errnoText(int errno) {
        String[] n = NAMES.get(errno);
        return n == null ? String.format(Locale.ROOT, "errno %d", errno) : n[1] + " (" + n[0] + ")";
    }

    /** True when every call the descriptor-held scratch files need was found (glibc 2.28+ for statx). */
    static boolean hasAtCalls() {
        return OPEN != null && OPENAT != null && UNLINKAT != null && MKDIRAT != null && STATX != null && FLOCK != null
                && GETEUID != null && PREAD != null && PWRITE != null && FTRUNCATE != null && CLOSE != null;
    }

    /** The effective user id, the owner of the files this process creates. */
    static int geteuid() {
        try {
            return (int) GETEUID.invokeExact();
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    /** Wraps a Throwable from invokeExact, which declares Throwable although these downcalls throw nothing checked. */
    static RuntimeException rethrow(Throwable t) {
        if (t instanceof RuntimeException r) {
            return r;
        }
        if (t instanceof Error e) {
            throw e;
        }
        return new IllegalStateException(t);
    }
}
