package org.diolab.live;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.file.Path;

/**
 * A file descriptor opened through libc: the live engine's only way to read and write scratch files. Plain
 * {@code pread/pwrite} for the hot loop (one downcall per I/O, nothing allocated, no JDK channel bookkeeping), and
 * {@code preadv2/pwritev2} with RWF_* flags, which {@link java.nio.channels.FileChannel} cannot pass. Opened with
 * O_NOFOLLOW (a symlink planted at the path makes the open fail instead of writing through it) and without O_CREAT
 * (files are created by {@link ScratchDir} only).
 *
 * <p>It owns one iovec and one errno slot, so a call allocates nothing; use an instance from one thread at a time.
 * They live in an automatic arena: unlike a shared arena's, passing them to a downcall needs no acquire/release.
 */
final class NativeFile implements AutoCloseable {
    private final Path path;
    private final int fd;
    private final MemorySegment iov;
    private final MemorySegment state;
    private boolean closed;

    private NativeFile(Path path, int fd, MemorySegment state) {
        this.path = path;
        this.fd = fd;
        this.state = state;
        this.iov = Arena.ofAuto().allocate(16, 8);
    }

    /** Opens an existing regular file; {@code direct} adds O_DIRECT. */
    static NativeFile open(Path path, boolean direct, boolean writable) throws IOException {
        if (LibC.Fd.OPEN == null) {
            throw new IOException("libc open() not found");
        }
        int flags = (writable ? LibC.O_RDWR : LibC.O_RDONLY) | LibC.O_CLOEXEC | LibC.O_NOFOLLOW
                | (direct ? LibC.O_DIRECT : 0);
        MemorySegment state = LibC.newCallState(Arena.ofAuto());
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment cPath = arena.allocateFrom(path.toString());
            int fd = (int) LibC.Fd.OPEN.invokeExact(state, cPath, flags, 0);
            if (fd < 0) {
                throw new IOException("open " + path + ": " + LibC.errnoName(LibC.errno(state)));
            }
            return new NativeFile(path, fd, state);
        } catch (IOException e) {
            throw e;
        } catch (Throwable t) {
            throw LibC.rethrow(t);
        }
    }

    Path path() {
        return path;
    }

    /** One pread into native memory at {@code address}; returns the bytes read, or minus errno. */
    long pread(long address, long length, long fileOffset) {
        try {
            long n = (long) LibC.Io.PREAD.invokeExact(state, fd, address, length, fileOffset);
            return n >= 0 ? n : -LibC.errno(state);
        } catch (Throwable t) {
            throw LibC.rethrow(t);
        }
    }

    /** One pwrite from native memory at {@code address}; returns the bytes written, or minus errno. */
    long pwrite(long address, long length, long fileOffset) {
        try {
            long n = (long) LibC.Io.PWRITE.invokeExact(state, fd, address, length, fileOffset);
            return n >= 0 ? n : -LibC.errno(state);
        } catch (Throwable t) {
            throw LibC.rethrow(t);
        }
    }

    /** One preadv2 into native memory at {@code address}; returns the bytes read, or minus errno. */
    long preadv2(long address, long length, long fileOffset, int flags) {
        fillIov(address, length);
        try {
            long n = (long) LibC.Rwf.PREADV2.invokeExact(state, fd, iov, 1, fileOffset, flags);
            return n >= 0 ? n : -LibC.errno(state);
        } catch (Throwable t) {
            throw LibC.rethrow(t);
        }
    }

    /** One pwritev2 from native memory at {@code address}; returns the bytes written, or minus errno. */
    long pwritev2(long address, long length, long fileOffset, int flags) {
        fillIov(address, length);
        try {
            long n = (long) LibC.Rwf.PWRITEV2.invokeExact(state, fd, iov, 1, fileOffset, flags);
            return n >= 0 ? n : -LibC.errno(state);
        } catch (Throwable t) {
            throw LibC.rethrow(t);
        }
    }

    private void fillIov(long address, long length) {
        iov.set(ValueLayout.JAVA_LONG, 0, address);
        iov.set(ValueLayout.JAVA_LONG, 8, length);
    }

    void fdatasync() throws IOException {
        try {
            int r = (int) LibC.Fd.FDATASYNC.invokeExact(state, fd);
            if (r != 0) {
                throw new IOException("fdatasync " + path + ": " + LibC.errnoName(LibC.errno(state)));
            }
        } catch (IOException e) {
            throw e;
        } catch (Throwable t) {
            throw LibC.rethrow(t);
        }
    }

    /**
     * Allocates {@code length} bytes without writing them (unwritten extents), as fio lays out files for write jobs.
     * Returns false where the filesystem cannot (EOPNOTSUPP); other errors throw.
     */
    boolean allocate(long length) throws IOException {
        if (LibC.Fd.FALLOCATE == null) {
            return false;
        }
        try {
            int r = (int) LibC.Fd.FALLOCATE.invokeExact(state, fd, 0, 0L, length);
            if (r == 0) {
                return true;
            }
            int errno = LibC.errno(state);
            if (errno == LibC.EOPNOTSUPP) {
                return false;
            }
            throw new IOException("fallocate " + path + ": " + LibC.errnoName(errno));
        } catch (IOException e) {
            throw e;
        } catch (Throwable t) {
            throw LibC.rethrow(t);
        }
    }

    /** Drops the file's clean cached pages, as fio does before a job ({@code invalidate=1}). */
    void adviseDontNeed() {
        try {
            int ignored = (int) LibC.Fd.POSIX_FADVISE.invokeExact(fd, 0L, 0L, LibC.POSIX_FADV_DONTNEED);
        } catch (Throwable t) {
            throw LibC.rethrow(t);
        }
    }

    int fd() {
        return fd;
    }

    MemorySegment callState() {
        return state;
    }

    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        try {
            int ignored = (int) LibC.Fd.CLOSE.invokeExact(fd);
        } catch (Throwable t) {
            throw LibC.rethrow(t);
        }
    }
}
