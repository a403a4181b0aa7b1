package org.diolab.live;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.file.Path;

/**
 * A file descriptor opened through {@link LibC}: the live engine's only way to read and write scratch files. Plain
 * {@code pread/pwrite} for the hot loop (one downcall per I/O, nothing allocated, no JDK channel bookkeeping), and
 * {@code preadv2/pwritev2} with RWF_* flags, which {@link java.nio.channels.FileChannel} cannot pass. Only scratch
 * files are opened, through the descriptor that created them ({@link ScratchFile#reopen}), never by name: a symlink
 * or hard link put at the name later is never reached.
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

    /**
     * Opens another descriptor of a scratch file (see {@link ScratchFile#reopen}); {@code direct} adds O_DIRECT.
     */
    static NativeFile open(ScratchFile file, boolean direct, boolean writable) throws IOException {
        int flags = (writable ? LibC.O_RDWR : LibC.O_RDONLY) | (direct ? LibC.O_DIRECT : 0);
        int fd = file.reopen(flags);
        try {
            return new NativeFile(file.path(), fd, LibC.newCallState(Arena.ofAuto()));
        } catch (RuntimeException e) {
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
        int fd = DirHandle.openPath(
                path.toString(), LibC.O_RDONLY | LibC.O_NOFOLLOW | LibC.O_NONBLOCK | (direct ? LibC.O_DIRECT : 0), 0);
        try {
            if (!DirHandle.fstat(fd).isRegularFile()) {
                throw new IOException(path + " is not a regular file");
            }
            return new NativeFile(path, fd, LibC.newCallState(Arena.ofAuto()));
        } catch (IOException | RuntimeException e) {
            DirHandle.closeFd(fd);
            throw e;
        }
    }

    Path path() {
        return path;
    }

    /** One pread into native memory at {@code address}; returns the bytes read, or minus errno. */
    long pread(long address, long length, long fileOffset) {
        return LibC.call(state, LibC.Nr.PREAD64, fd, address, length, fileOffset);
    }

    /** One pwrite from native memory at {@code address}; returns the bytes written, or minus errno. */
    long pwrite(long address, long length, long fileOffset) {
        return LibC.call(state, LibC.Nr.PWRITE64, fd, address, length, fileOffset);
    }

    /** One preadv2 into native memory at {@code address}; returns the bytes read, or minus errno. */
    long preadv2(long address, long length, long fileOffset, int flags) {
        fillIov(address, length);
        // The raw call splits the offset into low and high words; on 64-bit the low word holds all of it.
        return LibC.call(state, LibC.Nr.PREADV2, fd, iov.address(), 1, fileOffset, 0, flags);
    }

    /** One pwritev2 from native memory at {@code address}; returns the bytes written, or minus errno. */
    long pwritev2(long address, long length, long fileOffset, int flags) {
        fillIov(address, length);
        return LibC.call(state, LibC.Nr.PWRITEV2, fd, iov.address(), 1, fileOffset, 0, flags);
    }

    private void fillIov(long address, long length) {
        iov.set(ValueLayout.JAVA_LONG, 0, address);
        iov.set(ValueLayout.JAVA_LONG, 8, length);
    }

    void fdatasync() throws IOException {
        long r = LibC.call(state, LibC.Nr.FDATASYNC, fd, 0, 0, 0);
        if (r < 0) {
            throw new IOException("fdatasync " + path + ": " + LibC.errnoName((int) -r));
        }
    }

    /** Drops the file's clean cached pages, as fio does before a job ({@code invalidate=1}). */
    void adviseDontNeed() {
        long ignored = LibC.call(state, LibC.Nr.FADVISE64, fd, 0, 0, LibC.POSIX_FADV_DONTNEED);
    }

    /** Takes an exclusive {@code flock} without waiting; false when another open file holds one. */
    boolean tryLockExclusive() throws IOException {
        long r = LibC.call(state, LibC.Nr.FLOCK, fd, 2 /* LOCK_EX */ | 4 /* LOCK_NB */, 0, 0);
        if (r == 0) {
            return true;
        }
        if (r == -LibC.EAGAIN) {
            return false;
        }
        throw new IOException("flock " + path + ": " + LibC.errnoName((int) -r));
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
        long ignored = LibC.call(state, LibC.Nr.CLOSE, fd, 0, 0, 0);
    }
}
