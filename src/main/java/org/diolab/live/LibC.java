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
 * The libc calls Java has no API (or no allocation-free API) for, bound with the FFM API: {@code pread/pwrite} (the
 * hot loop: one downcall per I/O, no JDK bookkeeping), {@code preadv2/pwritev2} (the only way to pass RWF_DONTCACHE
 * and RWF_NOWAIT), {@code fallocate}, {@code posix_fadvise} (fio's cache invalidation), {@code mmap/madvise}
 * (buffers with chosen pages), {@code cachestat} / {@code mincore} (is a range in the page cache?) and
 * {@code getrusage} (CPU time per run). Calls that report failure through errno capture it with
 * {@code captureCallState("errno")}, because errno may be overwritten by the JVM before Java code could read it.
 *
 * <p>Binding a downcall costs the JVM tens of milliseconds (hundreds for the first one), so the handles are grouped
 * in holder classes that bind on first use: a run binds only what it calls, and {@link #warmUp()} lets a command
 * start the first binding in the background while it parses its options.
 *
 * <p>Flag and errno values are Linux's; {@code O_DIRECT} and {@code O_NOFOLLOW} differ between x86-64 and arm64.
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
    static final int POSIX_FADV_DONTNEED = 4;
    static final int PROT_READ = 1;
    static final int MAP_SHARED = 1;
    /** cachestat(2) has the same number on every architecture (new syscalls share one table since 5.1). */
    static final long SYS_CACHESTAT = 451;

    private static final Map<Integer, String> NAMES = Map.of(EINTR, "EINTR", EAGAIN, "EAGAIN", EINVAL, "EINVAL",
            ENOSYS, "ENOSYS", EOPNOTSUPP, "EOPNOTSUPP", 9, "EBADF", 13, "EACCES", 28, "ENOSPC", 5, "EIO",
            ENOMEM, "ENOMEM");

    static {
        String arch = System.getProperty("os.arch", "");
        boolean arm = arch.equals("aarch64") || arch.equals("arm64");
        O_DIRECT = arm ? 0x10000 : 0x4000;
        O_NOFOLLOW = arm ? 0x8000 : 0x20000;
    }

    private static final Linker LINKER = Linker.nativeLinker();
    private static final StructLayout CALL_STATE = Linker.Option.captureStateLayout();
    private static final VarHandle ERRNO = CALL_STATE.varHandle(MemoryLayout.PathElement.groupElement("errno"));
    private static final Linker.Option CAPTURE = Linker.Option.captureCallState("errno");

    /** Opening, closing and managing files. */
    static final class Fd {
        static final MethodHandle OPEN = bind("open", FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_INT, JAVA_INT),
                CAPTURE, Linker.Option.firstVariadicArg(2));
        static final MethodHandle CLOSE = bind("close", FunctionDescriptor.of(JAVA_INT, JAVA_INT));
        static final MethodHandle FALLOCATE = bind("fallocate",
                FunctionDescriptor.of(JAVA_INT, JAVA_INT, JAVA_INT, JAVA_LONG, JAVA_LONG), CAPTURE);
        static final MethodHandle FDATASYNC = bind("fdatasync", FunctionDescriptor.of(JAVA_INT, JAVA_INT), CAPTURE);
        static final MethodHandle FLOCK = bind("flock", FunctionDescriptor.of(JAVA_INT, JAVA_INT, JAVA_INT), CAPTURE);
        /** posix_fadvise returns the error number instead of setting errno. */
        static final MethodHandle POSIX_FADVISE = bind("posix_fadvise",
                FunctionDescriptor.of(JAVA_INT, JAVA_INT, JAVA_LONG, JAVA_LONG, JAVA_INT));

        private Fd() {
        }
    }

    /**
     * The hot loop's calls: one positional transfer each. The buffer is passed as a raw address ({@code long}, the
     * same register as a pointer in the C ABI) rather than a segment, so a call does not acquire and release the
     * buffer's arena; callers keep the buffer alive for the duration of the call.
     */
    static final class Io {
        static final MethodHandle PREAD = bind("pread",
                FunctionDescriptor.of(JAVA_LONG, JAVA_INT, JAVA_LONG, JAVA_LONG, JAVA_LONG), CAPTURE);
        static final MethodHandle PWRITE = bind("pwrite",
                FunctionDescriptor.of(JAVA_LONG, JAVA_INT, JAVA_LONG, JAVA_LONG, JAVA_LONG), CAPTURE);

        private Io() {
        }
    }

    /** preadv2/pwritev2, for RWF_* flags. */
    static final class Rwf {
        static final MethodHandle PREADV2 = bind("preadv2",
                FunctionDescriptor.of(JAVA_LONG, JAVA_INT, ADDRESS, JAVA_INT, JAVA_LONG, JAVA_INT), CAPTURE);
        static final MethodHandle PWRITEV2 = bind("pwritev2",
                FunctionDescriptor.of(JAVA_LONG, JAVA_INT, ADDRESS, JAVA_INT, JAVA_LONG, JAVA_INT), CAPTURE);

        private Rwf() {
        }
    }

    /** Memory mappings: buffers with chosen pages, and mincore's view of a file. */
    static final class Memory {
        static final MethodHandle MMAP = bind("mmap",
                FunctionDescriptor.of(ADDRESS, ADDRESS, JAVA_LONG, JAVA_INT, JAVA_INT, JAVA_INT, JAVA_LONG), CAPTURE);
        static final MethodHandle MADVISE = bind("madvise",
                FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_LONG, JAVA_INT));
        static final MethodHandle MUNMAP = bind("munmap", FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_LONG));
        static final MethodHandle MINCORE = bind("mincore",
                FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_LONG, ADDRESS), CAPTURE);

        private Memory() {
        }
    }

    /** syscall(2), for calls glibc has no wrapper for (cachestat). */
    static final class Syscall {
        static final MethodHandle SYSCALL4 = bind("syscall",
                FunctionDescriptor.of(JAVA_LONG, JAVA_LONG, JAVA_LONG, JAVA_LONG, JAVA_LONG, JAVA_LONG), CAPTURE,
                Linker.Option.firstVariadicArg(1));

        private Syscall() {
        }
    }

    /** getrusage(2): user and system CPU time of this process or of its waited-for children. */
    static final class Usage {
        static final MethodHandle GETRUSAGE = bind("getrusage",
                FunctionDescriptor.of(JAVA_INT, JAVA_INT, ADDRESS));

        private Usage() {
        }
    }

    private LibC() {
    }

    private static MethodHandle bind(String name, FunctionDescriptor fd, Linker.Option... options) {
        return LINKER.defaultLookup().find(name).map(addr -> LINKER.downcallHandle(addr, fd, options)).orElse(null);
    }

    /**
     * Binds the calls every live run makes, on a background daemon thread, so the FFM set-up overlaps with what the
     * caller does meanwhile (parsing options, checking the directory). Harmless when called twice.
     */
    static void warmUp() {
        Thread t = new Thread(() -> {
            Object touch = Fd.OPEN;
            touch = Io.PREAD;
            touch = Memory.MMAP;
        }, "dio-lab-ffm-warm-up");
        t.setDaemon(true);
        t.start();
    }

    /** True when every call needed for RWF_* flags was found (glibc 2.26+). */
    static boolean hasRwf() {
        return Rwf.PREADV2 != null && Rwf.PWRITEV2 != null && Fd.OPEN != null;
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
