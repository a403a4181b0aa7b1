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

import static java.lang.foreign.ValueLayout.JAVA_LONG;

/**
 * The Linux calls Java has no API (or no allocation-free API) for, made through one FFM downcall to libc's
 * {@code syscall(2)}: {@code pread/pwrite} (the hot loop: one downcall per I/O, no JDK bookkeeping),
 * {@code preadv2/pwritev2} (the only way to pass RWF_DONTCACHE and RWF_NOWAIT), {@code openat/close/flock},
 * {@code fdatasync}, {@code fadvise64} (fio's cache invalidation), {@code mmap/madvise/munmap} (buffers with chosen
 * pages), {@code cachestat} / {@code mincore} (is a range in the page cache?) and {@code getrusage} (CPU time).
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

    static final int RWF_NOWAIT = 0x08;
    static final int RWF_DONTCACHE = 0x80;
    static final int O_RDONLY = 0;
    static final int O_RDWR = 2;
    static final int O_CLOEXEC = 0x80000;
    static final int O_DIRECT;
    static final int O_NOFOLLOW;
    static final int AT_FDCWD = -100;
    static final int POSIX_FADV_DONTNEED = 4;
    static final int PROT_READ = 1;
    static final int MAP_SHARED = 1;

    private static final Map<Integer, String> NAMES = Map.of(EINTR, "EINTR", EAGAIN, "EAGAIN", EINVAL, "EINVAL",
            ENOSYS, "ENOSYS", EOPNOTSUPP, "EOPNOTSUPP", 9, "EBADF", 13, "EACCES", 28, "ENOSPC", 5, "EIO",
            ENOMEM, "ENOMEM");

    /** System call numbers of this architecture. */
    enum Nr {
        OPENAT(257, 56), CLOSE(3, 57), PREAD64(17, 67), PWRITE64(18, 68), PREADV2(327, 286), PWRITEV2(328, 287),
        FDATASYNC(75, 83), FADVISE64(221, 223), FLOCK(73, 32), MMAP(9, 222), MUNMAP(11, 215), MADVISE(28, 233),
        MINCORE(27, 232), GETRUSAGE(98, 165), CACHESTAT(451, 451);

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
    }

    private static final StructLayout CALL_STATE = Linker.Option.captureStateLayout();
    private static final VarHandle ERRNO = CALL_STATE.varHandle(MemoryLayout.PathElement.groupElement("errno"));

    /** {@code long syscall(long nr, ...)} with six long arguments; bound when first used. */
    private static final class Handle {
        static final MethodHandle SYSCALL = bind();

        private static MethodHandle bind() {
            Linker linker = Linker.nativeLinker();
            return linker.defaultLookup().find("syscall").map(a -> linker.downcallHandle(a,
                    FunctionDescriptor.of(JAVA_LONG, JAVA_LONG, JAVA_LONG, JAVA_LONG, JAVA_LONG, JAVA_LONG,
                            JAVA_LONG, JAVA_LONG),
                    Linker.Option.captureCallState("errno"), Linker.Option.firstVariadicArg(1))).orElse(null);
        }

        private Handle() {
        }
    }

    private LibC() {
    }

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
        String n = NAMES.get(errno);
        return n == null ? String.format(Locale.ROOT, "errno %d", errno) : n + " (" + errno + ")";
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
