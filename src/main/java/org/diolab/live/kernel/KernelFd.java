package org.diolab.live.kernel;

import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;
import static org.diolab.live.kernel.KernelCalls.CALL_STATE;
import static org.diolab.live.kernel.KernelCalls.CLOSE;
import static org.diolab.live.kernel.KernelCalls.ERRNO;
import static org.diolab.live.kernel.KernelCalls.FSYNC;
import static org.diolab.live.kernel.KernelCalls.FS_IOC_GETFLAGS;
import static org.diolab.live.kernel.KernelCalls.FS_IOC_SETFLAGS;
import static org.diolab.live.kernel.KernelCalls.IOCTL;
import static org.diolab.live.kernel.KernelCalls.LSEEK;
import static org.diolab.live.kernel.KernelCalls.OPEN;
import static org.diolab.live.kernel.KernelCalls.O_CLOEXEC;
import static org.diolab.live.kernel.KernelCalls.O_NOFOLLOW;
import static org.diolab.live.kernel.KernelCalls.PREADV2;
import static org.diolab.live.kernel.KernelCalls.PWRITEV2;
import static org.diolab.live.kernel.KernelCalls.READ;
import static org.diolab.live.kernel.KernelCalls.SEEK_END;
import static org.diolab.live.kernel.KernelCalls.SYSCALL4;
import static org.diolab.live.kernel.KernelCalls.SYS_CACHESTAT;
import static org.diolab.live.kernel.KernelCalls.errnoName;
import static org.diolab.live.kernel.KernelCalls.rethrow;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.file.Path;

/**
 * One file descriptor opened through {@link KernelCalls}, with its own iovec, ioctl word and errno slot, so calls
 * allocate nothing; use an instance from one thread at a time. Never created with O_CREAT: files are created by
 * {@link LabOwnership} (through the shared session lock) and {@link LabFiles}.
 */
final class KernelFd implements AutoCloseable {
    private final Arena arena = Arena.ofShared();
    private final MemorySegment state = arena.allocate(CALL_STATE);
    private final MemorySegment iov = arena.allocate(16, 8);
    private final MemorySegment word = arena.allocate(8, 8);
    private final String what;
    private final int fd;
    private boolean closed;

    private KernelFd(String what, int flags) throws IOException {
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

    /** Opens a character device such as /dev/kmsg (a fixed system path, so symlinks are not refused). */
    static KernelFd openDevice(String path, int flags) throws IOException {
        return new KernelFd(path, flags);
    }

    /**
     * Opens {@code /proc/self/fd/N} of a descriptor this process holds (a scratch file's {@code procPath()}): another
     * descriptor of that very file, whatever its name is now.
     */
    static KernelFd openThrough(Path procPath, int flags) throws IOException {
        if (!procPath.startsWith("/proc/self/fd")) {
            throw new IllegalArgumentException("not a descriptor path: " + procPath);
        }
        return new KernelFd(procPath.toString(), flags);
    }

    /** Opens an existing file; never follows a symlink in the last component. */
    static KernelFd open(Path path, int flags) throws IOException {
        return new KernelFd(path.toString(), flags | O_NOFOLLOW);
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

    /** ioctl(fd, request, arg); its non-negative result, or minus errno. */
    int ioctl(long request, MemorySegment arg) {
        try {
            int r = (int) IOCTL.invokeExact(state, fd, request, arg);
            return r >= 0 ? r : -errno();
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
            long r = (long) SYSCALL4.invokeExact(state, SYS_CACHESTAT, (long) fd, range.address(), stat.address(), 0L);
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
