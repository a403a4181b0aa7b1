package org.diolab.live;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.file.Path;

/**
 * A file descriptor opened through libc, for the calls {@link java.nio.channels.FileChannel} cannot make:
 * {@code preadv2/pwritev2} with RWF_* flags. Only scratch files are opened, through the descriptor that created them
 * ({@link ScratchFile#reopen}), never by name: a symlink or hard link put at the name later is never reached.
 *
 * <p>It owns one iovec and one errno slot, so a call allocates nothing; use an instance from one thread at a time.
 */
final class NativeFile implements AutoCloseable {
    private final Arena arena;
    private final Path path;
    private final int fd;
    private final MemorySegment iov;
    private final MemorySegment state;
    private boolean closed;

    private NativeFile(Path path, int fd, Arena arena, MemorySegment state) {
        this.path = path;
        this.fd = fd;
        this.arena = arena;
        this.state = state;
        this.iov = arena.allocate(16, 8);
    }

    /**
     * Opens another descriptor of a scratch file (see {@link ScratchFile#reopen}); {@code direct} adds O_DIRECT.
     */
    static NativeFile open(ScratchFile file, boolean direct, boolean writable) throws IOException {
        int flags = (writable ? LibC.O_RDWR : LibC.O_RDONLY) | (direct ? LibC.O_DIRECT : 0);
        int fd = file.reopen(flags);
        Arena arena = Arena.ofShared();
        try {
            return new NativeFile(file.path(), fd, arena, LibC.newCallState(arena));
        } catch (RuntimeException e) {
            arena.close();
            DirHandle.closeFd(fd);
            throw e;
        }
    }

    /**
     * {@link #open(ScratchFile, boolean, boolean)} for the open scratch file at {@code path}. Any other path may only
     * be opened read-only (page-cache queries of files the kernel lab built): by name with O_NOFOLLOW|O_NONBLOCK, and
     * only if it is a regular file.
     */
    static NativeFile open(Path path, boolean direct, boolean writable) throws IOException {
        java.util.Optional<ScratchFile> own = ScratchFile.find(path);
        if (own.isPresent() || writable) {
            return open(ScratchFile.of(path), direct, writable);
        }
        int fd = DirHandle.openPath(path.toString(), LibC.O_RDONLY | LibC.O_NOFOLLOW | LibC.O_NONBLOCK
                | (direct ? LibC.O_DIRECT : 0), 0);
        Arena arena = Arena.ofShared();
        try {
            if (!DirHandle.fstat(fd).isRegularFile()) {
                throw new IOException(path + " is not a regular file");
            }
            return new NativeFile(path, fd, arena, LibC.newCallState(arena));
        } catch (IOException | RuntimeException e) {
            arena.close();
            DirHandle.closeFd(fd);
            throw e;
        }
    }

    Path path() {
        return path;
    }

    /** One preadv2; returns the bytes read, or minus errno. */
    long preadv2(MemorySegment buf, long bufOffset, long length, long fileOffset, int flags) {
        fillIov(buf, bufOffset, length);
        try {
            long n = (long) LibC.PREADV2.invokeExact(state, fd, iov, 1, fileOffset, flags);
            return n >= 0 ? n : -LibC.errno(state);
        } catch (Throwable t) {
            throw LibC.rethrow(t);
        }
    }

    /** One pwritev2; returns the bytes written, or minus errno. */
    long pwritev2(MemorySegment buf, long bufOffset, long length, long fileOffset, int flags) {
        fillIov(buf, bufOffset, length);
        try {
            long n = (long) LibC.PWRITEV2.invokeExact(state, fd, iov, 1, fileOffset, flags);
            return n >= 0 ? n : -LibC.errno(state);
        } catch (Throwable t) {
            throw LibC.rethrow(t);
        }
    }

    private void fillIov(MemorySegment buf, long bufOffset, long length) {
        // Raw address plus offset: a slice per call would allocate in the hot loop. The caller keeps buf alive.
        iov.set(ValueLayout.JAVA_LONG, 0, buf.address() + bufOffset);
        iov.set(ValueLayout.JAVA_LONG, 8, length);
    }

    void fdatasync() throws IOException {
        try {
            int r = (int) LibC.FDATASYNC.invokeExact(state, fd);
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
        if (LibC.FALLOCATE == null) {
            return false;
        }
        try {
            int r = (int) LibC.FALLOCATE.invokeExact(state, fd, 0, 0L, length);
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
            int ignored = (int) LibC.POSIX_FADVISE.invokeExact(fd, 0L, 0L, LibC.POSIX_FADV_DONTNEED);
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

    Arena arena() {
        return arena;
    }

    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        try {
            int ignored = (int) LibC.CLOSE.invokeExact(fd);
        } catch (Throwable t) {
            throw LibC.rethrow(t);
        } finally {
            arena.close();
        }
    }
}
