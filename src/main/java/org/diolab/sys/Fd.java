package org.diolab.sys;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.file.Path;
import org.jspecify.annotations.Nullable;

/**
 * One open file descriptor and the calls made on it through {@link LibC}: plain {@code pread/pwrite} for the hot loop
 * (one downcall per I/O, nothing allocated, no JDK channel bookkeeping), {@code preadv2/pwritev2} with RWF_* flags
 * (which {@link java.nio.channels.FileChannel} cannot pass, and which report errno, so EIO and EAGAIN can be
 * counted), {@code read/lseek} (the kernel log), {@code fsync/fdatasync}, {@code sync_file_range}, {@code fadvise}, {@code flock},
 * {@code ioctl} and {@code cachestat}.
 *
 * <p>It owns one iovec, one ioctl word, one cachestat buffer and one errno slot, so a call allocates nothing; use an
 * instance from one thread at a time. They live in an automatic arena: unlike a shared arena's, passing them to a
 * downcall needs no acquire/release. Where a descriptor comes from (a scratch file's own, a lab image's, a device) is
 * the caller's business: this class only opens by name when asked to ({@link #open}).
 */
public final class Fd implements AutoCloseable {
    private final String what;
    private final int fd;
    private final MemorySegment state;
    private final MemorySegment iov;
    private final MemorySegment word;
    private final MemorySegment stat;
    private boolean closed;

    private Fd(String what, int fd) {
        Arena arena = Arena.ofAuto();
        this.what = what;
        this.fd = fd;
        this.state = LibC.newCallState(arena);
        this.iov = arena.allocate(16, 8);
        this.word = arena.allocate(8, 8);
        this.stat = arena.allocate(56, 8);
    }

    /** {@code openat(AT_FDCWD, path, flags | O_CLOEXEC)}; add O_NOFOLLOW to refuse a symlink at the last component. */
    public static Fd open(Path path, int flags) throws ErrnoException {
        return new Fd(path.toString(), LibC.open(path.toString(), flags, 0));
    }

    /** Takes over {@code fd}, a descriptor this process opened; {@code what} names it in messages. */
    public static Fd adopt(int fd, String what) {
        try {
            return new Fd(what, fd);
        } catch (RuntimeException e) {
            LibC.close(fd);
            throw e;
        }
    }

    /** The descriptor number, for calls made with it elsewhere (mmap, a loop device's backing file). */
    public int fd() {
        return fd;
    }

    /** What this descriptor is, as opened: a path, for messages. */
    public String what() {
        return what;
    }

    /** This descriptor's errno slot, for other calls made on it from the same thread. */
    public MemorySegment callState() {
        return state;
    }

    /** One pread into native memory at {@code address}; the bytes read, or minus errno. */
    public long pread(long address, long length, long fileOffset) {
        return LibC.call(state, LibC.Nr.PREAD64, fd, address, length, fileOffset);
    }

    /** One pwrite from native memory at {@code address}; the bytes written, or minus errno. */
    public long pwrite(long address, long length, long fileOffset) {
        return LibC.call(state, LibC.Nr.PWRITE64, fd, address, length, fileOffset);
    }

    /** One preadv2 into native memory at {@code address}; the bytes read, or minus errno. */
    public long preadv2(long address, long length, long fileOffset, int flags) {
        fillIov(address, length);
        // The raw call splits the offset into low and high words; on 64-bit the low word holds all of it.
        return LibC.call(state, LibC.Nr.PREADV2, fd, iov.address(), 1, fileOffset, 0, flags);
    }

    /** One pwritev2 from native memory at {@code address}; the bytes written, or minus errno. */
    public long pwritev2(long address, long length, long fileOffset, int flags) {
        fillIov(address, length);
        return LibC.call(state, LibC.Nr.PWRITEV2, fd, iov.address(), 1, fileOffset, 0, flags);
    }

    private void fillIov(long address, long length) {
        iov.set(ValueLayout.JAVA_LONG, 0, address);
        iov.set(ValueLayout.JAVA_LONG, 8, length);
    }

    /** One read(2) into {@code buf}; the bytes read, or minus errno (EAGAIN at the end of a non-blocking /dev/kmsg). */
    public long read(MemorySegment buf) {
        return LibC.call(state, LibC.Nr.READ, fd, buf.address(), buf.byteSize(), 0);
    }

    public void seekToEnd() throws IOException {
        long r = LibC.call(state, LibC.Nr.LSEEK, fd, 0, LibC.SEEK_END, 0);
        if (r < 0) {
            throw new IOException("lseek " + what + ": " + Errno.name((int) -r));
        }
    }

    public void fsync() throws IOException {
        long r = LibC.call(state, LibC.Nr.FSYNC, fd, 0, 0, 0);
        if (r != 0) {
            throw new IOException("fsync " + what + ": " + Errno.name((int) -r));
        }
    }

    public void fdatasync() throws IOException {
        long r = LibC.call(state, LibC.Nr.FDATASYNC, fd, 0, 0, 0);
        if (r < 0) {
            throw new IOException("fdatasync " + what + ": " + Errno.name((int) -r));
        }
    }

    /**
     * {@code sync_file_range(fd, offset, length, flags)}: with {@link LibC#SYNC_FILE_RANGE_WRITE} it starts writeback of
     * the range's dirty pages and returns without waiting for it, and takes no inode lock (unlike fsync); 0, or minus
     * errno.
     */
    public long syncFileRange(long offset, long length, int flags) {
        return LibC.call(state, LibC.Nr.SYNC_FILE_RANGE, fd, offset, length, flags);
    }

    /** Drops the file's clean cached pages, as fio does before a job ({@code invalidate=1}). */
    public void adviseDontNeed() {
        long ignored = LibC.call(state, LibC.Nr.FADVISE64, fd, 0, 0, LibC.POSIX_FADV_DONTNEED);
    }

    /** Takes an exclusive {@code flock} without waiting; false when another open file holds one. */
    public boolean tryLockExclusive() throws IOException {
        long r = LibC.call(state, LibC.Nr.FLOCK, fd, LibC.LOCK_EX | LibC.LOCK_NB, 0, 0);
        if (r == 0) {
            return true;
        }
        if (r == -Errno.EAGAIN) {
            return false;
        }
        throw new IOException("flock " + what + ": " + Errno.name((int) -r));
    }

    /** ioctl(fd, request, arg); its non-negative result, or minus errno. */
    public int ioctl(long request, MemorySegment arg) {
        return (int) LibC.call(state, LibC.Nr.IOCTL, fd, request, arg.address(), 0);
    }

    /** The inode flags (FS_IOC_GETFLAGS), as lsattr shows them. */
    public int inodeFlags() throws IOException {
        wordIoctl(Ioctl.FS_IOC_GETFLAGS, "FS_IOC_GETFLAGS");
        return word.get(ValueLayout.JAVA_INT, 0);
    }

    public void setInodeFlags(int flags) throws IOException {
        word.set(ValueLayout.JAVA_INT, 0, flags);
        wordIoctl(Ioctl.FS_IOC_SETFLAGS, "FS_IOC_SETFLAGS");
    }

    private void wordIoctl(long request, String name) throws IOException {
        int r = ioctl(request, word);
        if (r != 0) {
            throw new IOException(name + " on " + what + ": " + Errno.name(-r));
        }
    }

    /** What {@code cachestat(2)} counts of a file's pages: in the page cache, dirty, under writeback. */
    public record CacheStat(long cached, long dirty, long writeback) {}

    /** cachestat(2) of the whole file, or null where the kernel lacks it (before 6.5) or refuses. */
    public @Nullable CacheStat cachestat() {
        return cachestat(0, 0); // {off 0, len 0}: to the end of the file
    }

    /** cachestat(2) of {@code length} bytes at {@code offset} (0: to the end), or null where the kernel refuses. */
    public @Nullable CacheStat cachestat(long offset, long length) {
        MemorySegment range = stat.asSlice(0, 16);
        MemorySegment out = stat.asSlice(16, 40); // {nr_cache, nr_dirty, nr_writeback, nr_evicted, ...}
        range.set(ValueLayout.JAVA_LONG, 0, offset);
        range.set(ValueLayout.JAVA_LONG, 8, length);
        long r = LibC.call(state, LibC.Nr.CACHESTAT, fd, range.address(), out.address(), 0);
        if (r != 0) {
            return null;
        }
        return new CacheStat(
                out.get(ValueLayout.JAVA_LONG, 0),
                out.get(ValueLayout.JAVA_LONG, 8),
                out.get(ValueLayout.JAVA_LONG, 16));
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
