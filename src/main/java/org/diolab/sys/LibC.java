package org.diolab.sys;

import static java.lang.foreign.ValueLayout.JAVA_LONG;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemoryLayout;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.StructLayout;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.VarHandle;

/**
 * THE binding of the Linux calls Java has no API (or no allocation-free API) for, for the live engine and the kernel
 * lab alike, made through one FFM downcall to libc's {@code syscall(2)}: {@code pread/pwrite} (the hot loop: one
 * downcall per I/O, no JDK bookkeeping), {@code preadv2/pwritev2} (the only way to pass RWF_DONTCACHE and
 * RWF_NOWAIT), {@code fdatasync/fsync}, {@code sync_file_range} (writeback started, not awaited), {@code fadvise64} (fio's cache invalidation), {@code mmap/madvise/munmap}
 * (buffers with chosen pages), {@code cachestat} / {@code mincore} (is a range in the page cache?), {@code getrusage}
 * (CPU time), the descriptor-relative calls that keep scratch files safe ({@code openat}, {@code unlinkat},
 * {@code statx}, {@code flock}, {@code ftruncate}), {@code read/lseek} (the kernel log), {@code ioctl} (inode flags,
 * loop devices; see {@link Ioctl}), {@code mount} and {@code umount2}.
 *
 * <p>Why one downcall for all of them: the JVM generates and compiles a specialised stub per call shape, which cost
 * a bench run about 0.3 CPU-seconds of start-up for a dozen libc functions; with every argument a {@code long}
 * (pointers as raw addresses, which also spares the hot loop an arena acquire per call) there is one shape. errno
 * is captured with {@code captureCallState("errno")}, because the JVM may overwrite it before Java could read it.
 *
 * <p>Adding a call is one {@link Nr} entry with its two numbers and a method on the class that owns its memory:
 * {@link Fd} for calls on one descriptor, a binding of its own for an interface with structures and mapped rings
 * ({@link IoUring}: io_uring_setup/enter/register and the mmap'd rings; {@link Aio}: io_setup/io_submit/
 * io_getevents/io_destroy). Up to six arguments fit the shape; a ring mapped with {@code mmap} becomes a
 * {@code MemorySegment} with {@code ofAddress(..).reinterpret(..)}.
 *
 * <p>Syscall numbers, flag and errno values are Linux's, for x86-64 and for the generic table (arm64, riscv64).
 */
public final class LibC {
    public static final int RWF_NOWAIT = 0x08;
    public static final int RWF_DONTCACHE = 0x80;
    public static final int O_RDONLY = 0;
    public static final int O_RDWR = 2;
    public static final int O_CREAT = 0x40;
    /** With O_CREAT: fail if the name exists. On a block device without O_CREAT: open it exclusively. */
    public static final int O_EXCL = 0x80;

    public static final int O_NONBLOCK = 0x800;
    public static final int O_CLOEXEC = 0x80000;
    public static final int O_DIRECT;
    public static final int O_NOFOLLOW;
    public static final int O_DIRECTORY;
    public static final int AT_FDCWD = -100;
    public static final int AT_SYMLINK_NOFOLLOW = 0x100;
    public static final int AT_EMPTY_PATH = 0x1000;
    public static final int AT_REMOVEDIR = 0x200;
    public static final int SEEK_END = 2;
    public static final int LOCK_EX = 2;
    public static final int LOCK_NB = 4;
    public static final int LOCK_UN = 8;
    public static final int POSIX_FADV_DONTNEED = 4;
    /** sync_file_range(2): start writeback of the range's dirty pages and return without waiting for it. */
    public static final int SYNC_FILE_RANGE_WRITE = 2;

    public static final int PROT_READ = 1;
    public static final int PROT_WRITE = 2;
    public static final int MAP_SHARED = 1;
    public static final int MAP_POPULATE = 0x8000;
    public static final int MAP_PRIVATE = 2;
    public static final int MAP_ANONYMOUS = 0x20;
    public static final int MAP_HUGETLB = 0x40000;
    public static final int MADV_HUGEPAGE = 14;
    public static final int MADV_NOHUGEPAGE = 15;
    public static final int MS_NOSUID = 2;
    public static final int MS_NODEV = 4;
    public static final int MS_NOEXEC = 8;
    public static final int MNT_DETACH = 2;
    public static final int UMOUNT_NOFOLLOW = 8;

    /** System call numbers of this architecture. */
    public enum Nr {
        READ(0, 63),
        OPENAT(257, 56),
        CLOSE(3, 57),
        LSEEK(8, 62),
        IOCTL(16, 29),
        PREAD64(17, 67),
        PWRITE64(18, 68),
        PREADV2(327, 286),
        PWRITEV2(328, 287),
        FSYNC(74, 82),
        FDATASYNC(75, 83),
        SYNC_FILE_RANGE(277, 84),
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
        MKDIRAT(258, 34),
        MOUNT(165, 40),
        UMOUNT2(166, 39),
        IO_SETUP(206, 0),
        IO_DESTROY(207, 1),
        IO_GETEVENTS(208, 4),
        IO_SUBMIT(209, 2),
        IO_URING_SETUP(425, 425),
        IO_URING_ENTER(426, 426),
        IO_URING_REGISTER(427, 427);

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
    public static boolean available() {
        return Handle.SYSCALL != null;
    }

    /**
     * Makes system call {@code nr}; returns its result, or minus errno on failure. Never throws. Unused trailing
     * arguments are ignored by the kernel (pass 0).
     */
    public static long call(MemorySegment state, Nr nr, long a, long b, long c, long d, long e, long f) {
        try {
            long r = (long) Handle.SYSCALL.invokeExact(state, nr.number, a, b, c, d, e, f);
            return r == -1 ? -errno(state) : r;
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    public static long call(MemorySegment state, Nr nr, long a, long b, long c, long d) {
        return call(state, nr, a, b, c, d, 0, 0);
    }

    /**
     * Binds the downcall on a background daemon thread, so the FFM set-up (a few hundred milliseconds on a busy
     * machine) overlaps with what the caller does meanwhile. Harmless when called twice.
     */
    public static void warmUp() {
        Threads.startDaemon("dio-lab-ffm-warm-up", LibC::available);
    }

    /** Memory for one call's captured errno; allocate once per thread and reuse. */
    public static MemorySegment newCallState(Arena arena) {
        return arena.allocate(CALL_STATE);
    }

    public static int errno(MemorySegment callState) {
        return (int) ERRNO.get(callState, 0L);
    }

    /** The effective user id, the owner of the files this process creates. */
    public static int geteuid() {
        try (Arena a = Arena.ofConfined()) {
            return (int) call(newCallState(a), Nr.GETEUID, 0, 0, 0, 0);
        }
    }

    /**
     * {@code openat(AT_FDCWD, path, flags | O_CLOEXEC, mode)}: the new descriptor, or an exception naming the path.
     * The caller closes it ({@link #close}) or hands it to an {@link Fd}.
     */
    public static int open(String path, int flags, int mode) throws ErrnoException {
        try (Arena a = Arena.ofConfined()) {
            long r = call(
                    newCallState(a), Nr.OPENAT, AT_FDCWD, a.allocateFrom(path).address(), flags | O_CLOEXEC, mode);
            if (r < 0) {
                throw new ErrnoException("open " + path, (int) -r);
            }
            return (int) r;
        }
    }

    /** close(2), whatever it answers: the descriptor is gone either way. */
    public static void close(int fd) {
        try (Arena a = Arena.ofConfined()) {
            long ignored = call(newCallState(a), Nr.CLOSE, fd, 0, 0, 0);
        }
    }

    /** fstat through {@code statx(fd, "", AT_EMPTY_PATH)}. */
    public static FileStat fstat(int fd) throws ErrnoException {
        try (Arena a = Arena.ofConfined()) {
            MemorySegment buf = a.allocate(FileStat.STRUCT_SIZE, 8);
            long r = call(
                    newCallState(a),
                    Nr.STATX,
                    fd,
                    a.allocateFrom("").address(),
                    AT_EMPTY_PATH,
                    FileStat.MASK,
                    buf.address(),
                    0);
            if (r != 0) {
                throw new ErrnoException("stat of descriptor " + fd, (int) -r);
            }
            return FileStat.of(buf);
        }
    }

    /**
     * mount(2) of a filesystem without a device ({@code tracefs}, {@code tmpfs}) at {@code target}, with
     * {@code MS_*} flags and no data; 0, or the errno. The kernel trace mounts its tracefs with it where none is.
     */
    public static int mount(String source, String target, String fsType, long flags) {
        try (Arena a = Arena.ofConfined()) {
            long r = call(
                    newCallState(a),
                    Nr.MOUNT,
                    a.allocateFrom(source).address(),
                    a.allocateFrom(target).address(),
                    a.allocateFrom(fsType).address(),
                    flags,
                    0,
                    0);
            return r == 0 ? 0 : (int) -r;
        }
    }

    /** umount2(path, flags); 0, or the errno. */
    public static int umount2(String path, int flags) {
        try (Arena a = Arena.ofConfined()) {
            long r = call(newCallState(a), Nr.UMOUNT2, a.allocateFrom(path).address(), flags, 0, 0);
            return r == 0 ? 0 : (int) -r;
        }
    }

    /** Wraps a Throwable from invokeExact, which declares Throwable although these downcalls throw nothing checked. */
    public static RuntimeException rethrow(Throwable t) {
        if (t instanceof RuntimeException r) {
            return r;
        }
        if (t instanceof Error e) {
            throw e;
        }
        return new IllegalStateException(t);
    }
}
