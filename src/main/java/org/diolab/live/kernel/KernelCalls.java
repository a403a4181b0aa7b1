package org.diolab.live.kernel;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemoryLayout;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.StructLayout;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.VarHandle;
import java.nio.file.Path;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

/**
 * The libc calls the kernel lab needs and Java has no API for, bound with the FFM API: {@code preadv2/pwritev2}
 * (O_DIRECT I/O that reports errno, so EIO and EAGAIN can be counted, and RWF_NOWAIT), {@code ioctl}
 * (FS_IOC_GETFLAGS/SETFLAGS for btrfs's NOCOW flag, i.e. {@code chattr +C}), non-blocking {@code read} and
 * {@code lseek} (for /dev/kmsg), and {@code syscall} ({@code cachestat}, with its dirty and writeback counts).
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

    private static final Linker LINKER = Linker.nativeLinker();
    private static final StructLayout CALL_STATE = Linker.Option.captureStateLayout();
    private static final VarHandle ERRNO = CALL_STATE.varHandle(MemoryLayout.PathElement.groupElement("errno"));
    private static final Linker.Option CAPTURE = Linker.Option.captureCallState("errno");

    static {
        String arch = System.getProperty("os.arch", "");
        boolean arm = arch.equals("aarch64") || arch.equals("arm64");
        O_DIRECT = arm ? 0x10000 : 0x4000;
        O_NOFOLLOW = arm ? 0x8000 : 0x20000;
    }

    private static final MethodHandle OPEN = bind("open", FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_INT, JAVA_INT),
            CAPTURE, Linker.Option.firstVariadicArg(2));
    private static final MethodHandle CLOSE = bind("close", FunctionDescriptor.of(JAVA_INT, JAVA_INT));
    private static final MethodHandle PREADV2 = bind("preadv2",
            FunctionDescriptor.of(JAVA_LONG, JAVA_INT, ADDRESS, JAVA_INT, JAVA_LONG, JAVA_INT), CAPTURE);
    private static final MethodHandle PWRITEV2 = bind("pwritev2",
            FunctionDescriptor.of(JAVA_LONG, JAVA_INT, ADDRESS, JAVA_INT, JAVA_LONG, JAVA_INT), CAPTURE);
    private static final MethodHandle IOCTL = bind("ioctl", FunctionDescriptor.of(JAVA_INT, JAVA_INT, JAVA_LONG,
            ADDRESS), CAPTURE, Linker.Option.firstVariadicArg(2));
    private static final MethodHandle READ = bind("read", FunctionDescriptor.of(JAVA_LONG, JAVA_INT, ADDRESS,
            JAVA_LONG), CAPTURE);
    private static final MethodHandle LSEEK = bind("lseek", FunctionDescriptor.of(JAVA_LONG, JAVA_INT, JAVA_LONG,
            JAVA_INT), CAPTURE);
    private static final MethodHandle FSYNC = bind("fsync", FunctionDescriptor.of(JAVA_INT, JAVA_INT), CAPTURE);
    private static final MethodHandle FLOCK = bind("flock", FunctionDescriptor.of(JAVA_INT, JAVA_INT, JAVA_INT),
            CAPTURE);
    private static final int LOCK_EX = 2;
    private static final int LOCK_NB = 4;
    private static final MethodHandle SYSCALL4 = bind("syscall",
            FunctionDescriptor.of(JAVA_LONG, JAVA_LONG, JAVA_LONG, JAVA_LONG, JAVA_LONG, JAVA_LONG), CAPTURE,
            Linker.Option.firstVariadicArg(1));

    private KernelCalls() {
    }

    private static MethodHandle bind(String name, FunctionDescriptor fd, Linker.Option... options) {
        return LINKER.defaultLookup().find(name).map(a -> LINKER.downcallHandle(a, fd, options)).orElse(null);
    }

    /** True when every call is bound (glibc 2.26+ for preadv2). */
    static boolean available() {
        return OPEN != null && PREADV2 != null && PWRITEV2 != null && IOCTL != null && READ != null && LSEEK != null
                && FLOCK != null;
    }

    /**
     * One open descriptor with its own iovec and errno slot; use from one thread at a time.
     */
    static final class Fd implements AutoCloseable {
        private final Arena arena = Arena.ofShared();
        private final MemorySegment state = arena.allocate(CALL_STATE);
        private final MemorySegment iov = arena.allocate(16, 8);
        private final MemorySegment word = arena.allocate(8, 8);
        private final String what;
        private final int fd;
        private boolean closed;

        private Fd(String what, int flags) throws IOException {
            this.what = what;
            try {
                int r = (int) OPEN.invokeExact(state, arena.allocateFrom(what), flags | O_CLOEXEC, 0);
                if (r < 0) {
                    int errno = errno();
                    arena.close();
                    throw new IOException("open " + what + ": " + errnoName(errno));
                }
                fd = r;
            } catch (IOException e) {
                throw e;
            } catch (Throwable t) {
                throw rethrow(t);
            }
        }

        /** Opens an existing file; never follows a symlink in the last component. */
        static Fd open(Path path, int flags) throws IOException {
            return new Fd(path.toString(), flags | O_NOFOLLOW);
        }

        int fd() {
            return fd;
        }

        /** One preadv2 into {@code buf}; the bytes read, or minus errno. */
        long pread(MemorySegment buf, long fileOffset, int rwf) {
            iov.set(JAVA_LONG, 0, buf.address());
            iov.set(JAVA_LONG, 8, buf.byteSize());
            try {
                long n = (long) PREADV2.invokeExact(state, fd, iov, 1, fileOffset, rwf);
                return n >= 0 ? n : -errno();
            } catch (Throwable t) {
                throw rethrow(t);
            }
        }

        /** One pwritev2 from {@code buf}; the bytes written, or minus errno. */
        long pwrite(MemorySegment buf, long fileOffset) {
            iov.set(JAVA_LONG, 0, buf.address());
            iov.set(JAVA_LONG, 8, buf.byteSize());
            try {
                long n = (long) PWRITEV2.invokeExact(state, fd, iov, 1, fileOffset, 0);
                return n >= 0 ? n : -errno();
            } catch (Throwable t) {
                throw rethrow(t);
            }
        }

        /** One read(2); the bytes read, or minus errno (EAGAIN at the end of a non-blocking /dev/kmsg). */
        long read(MemorySegment buf) {
            try {
                long n = (long) READ.invokeExact(state, fd, buf, buf.byteSize());
                return n >= 0 ? n : -errno();
            } catch (Throwable t) {
                throw rethrow(t);
            }
        }

        void seekToEnd() throws IOException {
            try {
                long r = (long) LSEEK.invokeExact(state, fd, 0L, SEEK_END);
                if (r < 0) {
                    throw new IOException("lseek " + what + ": " + errnoName(errno()));
                }
            } catch (IOException e) {
                throw e;
            } catch (Throwable t) {
                throw rethrow(t);
            }
        }

        void fsync() throws IOException {
            try {
                int r = (int) FSYNC.invokeExact(state, fd);
                if (r != 0) {
                    throw new IOException("fsync " + what + ": " + errnoName(errno()));
                }
            } catch (IOException e) {
                throw e;
            } catch (Throwable t) {
                throw rethrow(t);
            }
        }

        /**
         * flock(LOCK_EX | LOCK_NB): true when this descriptor now holds the lock, false when another open file
         * holds it. The lock lives as long as this descriptor (O_CLOEXEC: tools started meanwhile do not inherit
         * it), and the kernel drops it when the process dies, however it dies.
         */
        boolean tryLock() throws IOException {
            try {
                int r = (int) FLOCK.invokeExact(state, fd, LOCK_EX | LOCK_NB);
                if (r == 0) {
                    return true;
                }
                int errno = errno();
                if (errno == EAGAIN) {
                    return false;
                }
                throw new IOException("flock " + what + ": " + errnoName(errno));
            } catch (IOException e) {
                throw e;
            } catch (Throwable t) {
                throw rethrow(t);
            }
        }

        /** The inode flags (FS_IOC_GETFLAGS), as lsattr shows them. */
        int inodeFlags() throws IOException {
            ioctl(FS_IOC_GETFLAGS, "FS_IOC_GETFLAGS");
            return word.get(JAVA_INT, 0);
        }

        void setInodeFlags(int flags) throws IOException {
            word.set(JAVA_INT, 0, flags);
            ioctl(FS_IOC_SETFLAGS, "FS_IOC_SETFLAGS");
        }

        private void ioctl(long request, String name) throws IOException {
            try {
                int r = (int) IOCTL.invokeExact(state, fd, request, word);
                if (r != 0) {
                    throw new IOException(name + " on " + what + ": " + errnoName(errno()));
                }
            } catch (IOException e) {
                throw e;
            } catch (Throwable t) {
                throw rethrow(t);
            }
        }

        /** cachestat(2) of the whole file: {cached, dirty, writeback} pages, or null where the kernel lacks it. */
        long[] cachestat(MemorySegment scratch) {
            if (SYSCALL4 == null) {
                return null;
            }
            MemorySegment range = scratch.asSlice(0, 16);
            MemorySegment stat = scratch.asSlice(16, 40);
            range.fill((byte) 0); // {off 0, len 0}: to the end of the file
            try {
                long r = (long) SYSCALL4.invokeExact(state, SYS_CACHESTAT, (long) fd, range.address(),
                        stat.address(), 0L);
                if (r != 0) {
                    return null;
                }
                return new long[] {stat.get(JAVA_LONG, 0), stat.get(JAVA_LONG, 8), stat.get(JAVA_LONG, 16)};
            } catch (Throwable t) {
                throw rethrow(t);
            }
        }

        private int errno() {
            return (int) ERRNO.get(state, 0L);
        }

        @Override
        public void close() {
            if (closed) {
                return;
            }
            closed = true;
            try {
                int ignored = (int) CLOSE.invokeExact(fd);
            } catch (Throwable t) {
                throw rethrow(t);
            } finally {
                arena.close();
            }
        }
    }

    /** Opens a character device such as /dev/kmsg (a fixed system path, so symlinks are not refused). */
    static Fd openDevice(String path, int flags) throws IOException {
        return new Fd(path, flags);
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
            case ENOSYS -> "ENOSYS (38)";
            case 1 -> "EPERM (1)";
            case 2 -> "ENOENT (2)";
            case 13 -> "EACCES (13)";
            case 28 -> "ENOSPC (28)";
            case 95 -> "EOPNOTSUPP (95)";
            default -> "errno " + errno;
        };
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
