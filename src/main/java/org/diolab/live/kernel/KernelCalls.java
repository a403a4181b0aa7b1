package org.diolab.live.kernel;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_INT;
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
 * The libc calls the kernel lab needs and Java has no API for, bound with the FFM API: {@code preadv2/pwritev2}
 * (O_DIRECT I/O that reports errno, so EIO and EAGAIN can be counted, and RWF_NOWAIT), {@code ioctl}
 * (FS_IOC_GETFLAGS/SETFLAGS for btrfs's NOCOW flag, i.e. {@code chattr +C}), non-blocking {@code read} and
 * {@code lseek} (for /dev/kmsg), {@code syscall} ({@code cachestat}, with its dirty and writeback counts), the loop
 * ioctls (a loop device attached to the very descriptor of the lab's image, never to a name) and {@code umount2}
 * (never through a symlink).
 * Separate from the live engine's package-private LibC because these are the lab's calls; errno is captured with
 * {@code captureCallState}, as there.
 */
final class KernelCalls {
    static final int EIO = 5;
    static final int EAGAIN = 11;
    static final int EINVAL = 22;
    static final int EPIPE = 32;
    static final int ENOSYS = 38;
    static final int RWF_NOWAIT = 0x08;
    static final int O_RDONLY = 0;
    static final int O_RDWR = 2;
    static final int O_NONBLOCK = 0x800;
    /** On a block device without O_CREAT: open it exclusively (EBUSY while mounted or held so by another). */
    static final int O_EXCL = 0x80;

    static final int O_CLOEXEC = 0x80000;
    static final int O_DIRECT;
    static final int O_NOFOLLOW;
    static final int SEEK_END = 2;
    /** _IOR('f', 1, long) and _IOW('f', 2, long) on 64-bit Linux; the kernel reads and writes an int. */
    static final long FS_IOC_GETFLAGS = 0x80086601L;

    static final long FS_IOC_SETFLAGS = 0x40086602L;
    /** FS_NOCOW_FL: btrfs's nodatacow, which implies nodatasum; set on an empty file only. */
    static final int FS_NOCOW_FL = 0x00800000;

    static final long SYS_CACHESTAT = 451;
    static final int EBUSY = 16;
    static final int ENOENT = 2;
    static final int ENOTTY = 25;
    /** loop-control: the number of a free loop device, created if needed. */
    static final long LOOP_CTL_GET_FREE = 0x4C82;
    /** Attach a backing descriptor and set the status in one call (Linux 5.8+). */
    static final long LOOP_CONFIGURE = 0x4C0A;

    static final int LO_FLAGS_DIRECT_IO = 16;
    /** struct loop_config: fd, block_size, struct loop_info64 (232 bytes), 8 reserved u64. */
    static final int LOOP_CONFIG_SIZE = 304;

    static final int LOOP_CONFIG_FLAGS = 8 + 52;
    static final int LOOP_CONFIG_FILE_NAME = 8 + 56;
    static final int LO_NAME_SIZE = 64;
    static final int MNT_DETACH = 2;
    static final int UMOUNT_NOFOLLOW = 8;

    private static final Linker LINKER = Linker.nativeLinker();
    static final StructLayout CALL_STATE = Linker.Option.captureStateLayout();
    static final VarHandle ERRNO = CALL_STATE.varHandle(MemoryLayout.PathElement.groupElement("errno"));
    private static final Linker.Option CAPTURE = Linker.Option.captureCallState("errno");

    static {
        String arch = System.getProperty("os.arch", "");
        boolean arm = arch.equals("aarch64") || arch.equals("arm64");
        O_DIRECT = arm ? 0x10000 : 0x4000;
        O_NOFOLLOW = arm ? 0x8000 : 0x20000;
    }

    static final MethodHandle OPEN = bind(
            "open",
            FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_INT, JAVA_INT),
            CAPTURE,
            Linker.Option.firstVariadicArg(2));
    static final MethodHandle CLOSE = bind("close", FunctionDescriptor.of(JAVA_INT, JAVA_INT));
    static final MethodHandle PREADV2 = bind(
            "preadv2", FunctionDescriptor.of(JAVA_LONG, JAVA_INT, ADDRESS, JAVA_INT, JAVA_LONG, JAVA_INT), CAPTURE);
    static final MethodHandle PWRITEV2 = bind(
            "pwritev2", FunctionDescriptor.of(JAVA_LONG, JAVA_INT, ADDRESS, JAVA_INT, JAVA_LONG, JAVA_INT), CAPTURE);
    static final MethodHandle IOCTL = bind(
            "ioctl",
            FunctionDescriptor.of(JAVA_INT, JAVA_INT, JAVA_LONG, ADDRESS),
            CAPTURE,
            Linker.Option.firstVariadicArg(2));
    static final MethodHandle READ =
            bind("read", FunctionDescriptor.of(JAVA_LONG, JAVA_INT, ADDRESS, JAVA_LONG), CAPTURE);
    static final MethodHandle LSEEK =
            bind("lseek", FunctionDescriptor.of(JAVA_LONG, JAVA_INT, JAVA_LONG, JAVA_INT), CAPTURE);
    static final MethodHandle FSYNC = bind("fsync", FunctionDescriptor.of(JAVA_INT, JAVA_INT), CAPTURE);
    static final MethodHandle UMOUNT2 = bind("umount2", FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_INT), CAPTURE);
    static final MethodHandle SYSCALL4 = bind(
            "syscall",
            FunctionDescriptor.of(JAVA_LONG, JAVA_LONG, JAVA_LONG, JAVA_LONG, JAVA_LONG, JAVA_LONG),
            CAPTURE,
            Linker.Option.firstVariadicArg(1));

    private KernelCalls() {}

    private static MethodHandle bind(String name, FunctionDescriptor fd, Linker.Option... options) {
        return LINKER.defaultLookup()
                .find(name)
                .map(a -> LINKER.downcallHandle(a, fd, options))
                .orElse(null);
    }

    /** True when every call is bound (glibc 2.26+ for preadv2). */
    static boolean available() {
        return OPEN != null
                && PREADV2 != null
                && PWRITEV2 != null
                && IOCTL != null
                && READ != null
                && LSEEK != null
                && UMOUNT2 != null;
    }

    /** Bytes for one cachestat call: range (16) + result (40). */
    static MemorySegment cachestatScratch(Arena arena) {
        return arena.allocate(56, 8);
    }

    static String errnoName(int errno) {
        return switch (errno) {
            case EIO -> "EIO (5)";
            case EAGAIN -> "EAGAIN (11)";
            case EINVAL -> "EINVAL (22)";
            case EPIPE -> "EPIPE (32)";
            case EBUSY -> "EBUSY (16)";
            case ENOTTY -> "ENOTTY (25)";
            case ENOSYS -> "ENOSYS (38)";
            case 1 -> "EPERM (1)";
            case ENOENT -> "ENOENT (2)";
            case 13 -> "EACCES (13)";
            case 28 -> "ENOSPC (28)";
            case 95 -> "EOPNOTSUPP (95)";
            default -> "errno " + errno;
        };
    }

    /** umount2(path, flags); 0, or the errno. */
    static int umount2(String path, int flags) {
        try (Arena a = Arena.ofConfined()) {
            MemorySegment state = a.allocate(CALL_STATE);
            int r = (int) UMOUNT2.invokeExact(state, a.allocateFrom(path), flags);
            return r == 0 ? 0 : (int) ERRNO.get(state, 0L);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    static RuntimeException rethrow(Throwable t) {
        if (t instanceof RuntimeException r) {
            return r;
        }
        if (t instanceof Error e) {
            throw e;
        }
        return new IllegalStateException(t);
    }

    /** An aligned native buffer for O_DIRECT, tied to {@code arena}. */
    static MemorySegment alignedBuffer(Arena arena, long size) {
        MemorySegment b = arena.allocate(size, 4096);
        b.fill((byte) 0);
        return b;
    }
}
