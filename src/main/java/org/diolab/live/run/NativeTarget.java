package org.diolab.live.run;

import java.io.EOFException;
import java.io.IOException;
import java.lang.foreign.MemorySegment;
import java.nio.file.Path;
import org.diolab.live.scratch.ScratchFile;
import org.diolab.sys.Errno;
import org.diolab.sys.Fd;
import org.diolab.sys.LibC;

/**
 * A scratch file driven through libc: {@code pread/pwrite}, or {@code preadv2/pwritev2} when the job passes RWF_*
 * flags (RWF_DONTCACHE, RWF_NOWAIT). A transfer allocates nothing, so the hot loop stays free of garbage.
 *
 * <p>NOWAIT: when the kernel answers EAGAIN ("this would block") the EAGAIN is counted and the same I/O is reissued
 * without the flag, which is what io_uring does by punting to a worker. The count is the observable: how often the
 * fast path would have had to sleep (S000's bounce allocation under NOWAIT is one such case).
 */
final class NativeTarget implements IoTarget {
    private final Fd file;
    private final int flags;
    private long eagains;

    private NativeTarget(Fd file, int flags) {
        this.file = file;
        this.flags = flags;
    }

    static NativeTarget open(ScratchFile file, boolean direct, int rwfFlags) throws IOException {
        if (rwfFlags != 0 && !LibC.available()) {
            throw new UnsupportedFlagException("this C library has no preadv2/pwritev2 (glibc 2.26+ has them)");
        }
        return new NativeTarget(file.open(direct, true), rwfFlags);
    }

    @Override
    public void read(MemorySegment buf, long offset) throws IOException {
        transfer(buf, offset, false);
    }

    @Override
    public void write(MemorySegment buf, long offset) throws IOException {
        transfer(buf, offset, true);
    }

    private void transfer(MemorySegment buf, long offset, boolean write) throws IOException {
        if (!buf.isNative()) {
            throw new IllegalArgumentException("I/O buffers must be native memory, not a heap array");
        }
        long address = buf.address(); // the caller keeps buf's arena open while it does I/O
        long length = buf.byteSize();
        long done = 0;
        int f = flags;
        while (done < length) {
            long n = call(write, f, address + done, length - done, offset + done);
            if (n > 0) {
                done += n;
                continue;
            }
            if (n == 0) {
                if (!write) {
                    throw new EOFException("read past the end of " + file.what() + " at " + (offset + done));
                }
                throw new EOFException("pwrite made no progress on " + file.what() + " at " + (offset + done));
            }
            int errno = (int) -n;
            if (errno == Errno.EINTR) {
                continue;
            }
            if (errno == Errno.EAGAIN && (f & LibC.RWF_NOWAIT) != 0) {
                eagains++;
                f &= ~LibC.RWF_NOWAIT;
                continue;
            }
            String call = (write ? "pwrite" : "pread") + (f == 0 ? "" : "v2 with " + flagNames(f));
            if (errno == Errno.EOPNOTSUPP || (errno == Errno.ENOSYS && f != 0)) {
                throw new UnsupportedFlagException(call + " on " + file.what() + ": " + Errno.name(errno));
            }
            throw new IOException(call + " on " + file.what() + " at " + (offset + done) + ": " + Errno.name(errno));
        }
    }

    private long call(boolean write, int f, long address, long length, long at) {
        if (f == 0) {
            return write ? file.pwrite(address, length, at) : file.pread(address, length, at);
        }
        return write ? file.pwritev2(address, length, at, f) : file.preadv2(address, length, at, f);
    }

    static String flagNames(int f) {
        StringBuilder sb = new StringBuilder();
        if ((f & LibC.RWF_DONTCACHE) != 0) {
            sb.append("RWF_DONTCACHE");
        }
        if ((f & LibC.RWF_NOWAIT) != 0) {
            sb.append(sb.isEmpty() ? "" : "|").append("RWF_NOWAIT");
        }
        return sb.isEmpty() ? "no flags" : sb.toString();
    }

    @Override
    public void sync() throws IOException {
        file.fdatasync();
    }

    @Override
    public long eagains() {
        return eagains;
    }

    @Override
    public Fd fd() {
        return file;
    }

    @Override
    public Path path() {
        return Path.of(file.what());
    }

    @Override
    public void close() {
        file.close();
    }

    /**
     * The exception for an I/O the kernel failed with {@code errno}: {@link UnsupportedFlagException} when an RWF_*
     * flag is what is missing (EOPNOTSUPP, or ENOSYS with a flag), else an IOException naming call, file and offset.
     */
    static IOException failure(String engine, boolean write, int rwFlags, IoTarget t, long offset, int errno) {
        String call = engine + (write ? " write" : " read") + (rwFlags == 0 ? "" : " with " + flagNames(rwFlags));
        if (errno == Errno.EOPNOTSUPP || (errno == Errno.ENOSYS && rwFlags != 0)) {
            return new UnsupportedFlagException(call + " on " + t.path() + ": " + Errno.name(errno));
        }
        return new IOException(call + " on " + t.path() + " at " + offset + ": " + Errno.name(errno));
    }
}
