package org.diolab.live;

import static java.lang.foreign.ValueLayout.JAVA_LONG;

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

/**
 * The Linux calls Java has no API (or no allocation-free API) for, made through one FFM downcall to libc's
 * {@code syscall(2)}: {@code pread/pwrite} (the hot loop: one downcall per I/O, no JDK bookkeeping),
 * {@code preadv2/pwritev2} (the only way to pass RWF_DONTCACHE and RWF_NOWAIT), {@code fdatasync},
 * {@code fadvise64} (fio's cache invalidation), {@code mmap/madvise/munmap} (buffers with chosen pages),
 * {@code cachestat} / {@code mincore} (is a range in the page cache?), {@code getrusage} (CPU time), and the
 * descriptor-relative calls that keep scratch files safe ({@code openat}, {@code unlinkat}, {@code statx},
 * {@code flock}, {@code ftruncate}; see {@link DirHandle}).
 *
 * <p>Why one downcall for all of them: the JVM generates and compiles a specialised stub per call shape, which cost
 * a bench run about 0.3 CPU-seconds of start-up for a dozen libc functions; with every argument a {@code long}
 * (pointers as raw addresses, which also spares the hot loop an arena acquire per call) there is one shape. errno
 * is captured with {@code captureCallState("errno")}, because the JVM may overwrite it before Java could read it.
 *
 * <p>Syscall numbers, flag and errno values are Linux's, for x86-64 and for the generic table (arm64, riscv64).
 */
final class LibC {
    static final int EINTR = 4;
    static final int EAGAIN = 11;
    static final int ENOMEM = 12;
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

    /** Symbolic names and what they mean, for the errors people meet with scratch files. */
    private static final Map<Integer, String[]> NAMES = Map.ofEntries(
            Map.entry(1, new String[] {"EPERM", "operation not permitted"}),
            Map.entry(ENOENT, new String[] {"ENOENT", "no such file or directory"}),
            Map.entry(EINTR, new String[] {"EINTR", "interrupted"}),
            Map.entry(5, new String[] {"EIO", "input/output error"}),
            Map.entry(9, new String[] {"EBADF", "bad file descriptor"}),
            Map.entry(EAGAIN, new String[] {"EAGAIN", "try again"}),
            Map.entry(ENOMEM, new String[] {"ENOMEM", "out of memory"}),
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

    /** System call numbers of this architecture. */
    enum Nr {
        OPENAT(257, 56),
        CLOSE(3, 57),
        PREAD64(17, 67),
        PWRITE64(18, 68),
        PREADV2(327, 286),
        PWRITEV2(328, 287),
        FDATASYNC(75, 83),
        FADVISE64(221, 223),
        FLOCK(73, 32),
        MMAP(9, 222),
        MUNMAP(11, 215),
        MADVISE(28, 233),
        MINCORE(27, 232),
        GETRUSAGE(98, 165),
        CACHESTAT(451, 451),
        UNLINKAT(263, 35),
        STATX(332, 291),
        FTRUNCATE(77, 46),
        GETEUID(107, 175),
        MKDIRAT(258, 34);

        final long number;

        Nr(int x86, int generic) {
            this.number = X86 ? x86 : generic;
        }
    }

    private static final boolean X86;

    static {
        String arch = System.getProperty("os.arch", "");
        X86 = arch.equals("amd64") || arch.equals("x86_64");
        O_DIRECT = X86 ? 0x4000 : 0x10000;
        O_NOFOLLOW = X86 ? 0x20000 : 0x8000;
        O_DIRECTORY = X86 ? 0x10000 : 0x4000;
    }

    private static final StructLayout CALL_STATE = Linker.Option.captureStateLayout();
    private static final VarHandle ERRNO = CALL_STATE.varHandle(MemoryLayout.PathElement.groupElement("errno"));

    /** {@code long syscall(long nr, ...)} with six long arguments; bound when first used. */
    private static final class Handle {
        static final MethodHandle SYSCALL = bind();

        private static MethodHandle bind() {
            Linker linker = Linker.nativeLinker();
            return linker.defaultLookup()
                    .find("syscall")
                    .map(a -> linker.downcallHandle(
                            a,
                            FunctionDescriptor.of(
                                    JAVA_LONG, JAVA_LONG, JAVA_LONG, JAVA_LONG, JAVA_LONG, JAVA_LONG, JAVA_LONG,
                                    JAVA_LONG),
                            Linker.Option.captureCallState("errno"),
                            Linker.Option.firstVariadicArg(1)))
                    .orElse(null);
        }

        private Handle() {}
    }

    private LibC() {}

    /** True when libc's syscall() was found (any glibc or musl). */
    static boolean available() {
        return Handle.SYSCALL != null;
    }

    /**
     * Makes system call {@code nr}; returns its result, or minus errno on failure. Never throws. Unused trailing
     * arguments are ignored by the kernel (pass 0).
     */
    static long call(MemorySegment state, Nr nr, long a, long b, long c, long d, long e, long f) {
        try {
            long r = (long) Handle.SYSCALL.invokeExact(state, nr.number, a, b, c, d, e, f);
            return r == -1 ? -errno(state) : r;
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    static long call(MemorySegment state, Nr nr, long a, long b, long c, long d) {
        return call(state, nr, a, b, c, d, 0, 0);
    }

    /**
     * Binds the downcall on a background daemon thread, so the FFM set-up (a few hundred milliseconds on a busy
     * machine) overlaps with what the caller does meanwhile. Harmless when called twice.
     */
    static void warmUp() {
        Thread t = new Thread(LibC::available, "dio-lab-ffm-warm-up");
        t.setDaemon(true);
        t.start();
    }

    /** True when preadv2/pwritev2 can be made (they are system calls; the kernel answers ENOSYS before 4.6). */
    static boolean hasRwf() {
        return available();
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

    /** True when every call the descriptor-held scratch files need was found (statx is a system call since Linux 4.11). */
    static boolean hasAtCalls() {
        return available();
    }

    /** The effective user id, the owner of the files this process creates. */
    static int geteuid() {
        try (Arena a = Arena.ofConfined()) {
            return (int) call(newCallState(a), Nr.GETEUID, 0, 0, 0, 0);
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
