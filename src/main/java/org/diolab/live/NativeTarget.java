package org.diolab.live;

import java.io.EOFException;
import java.io.IOException;
import java.lang.foreign.MemorySegment;
import java.nio.file.Path;

/**
 * A scratch file driven through libc {@code preadv2/pwritev2}, for RWF_DONTCACHE and RWF_NOWAIT.
 *
 * <p>NOWAIT: when the kernel answers EAGAIN ("this would block") the EAGAIN is counted and the same I/O is reissued
 * without the flag, which is what io_uring does by punting to a worker. The count is the observable: how often the
 * fast path would have had to sleep (S000's bounce allocation under NOWAIT is one such case).
 */
final class NativeTarget implements IoTarget {
    private final NativeFile file;
    private final int flags;
    private long eagains;

    private NativeTarget(NativeFile file, int flags) {
        this.file = file;
        this.flags = flags;
    }

    static NativeTarget open(ScratchFile file, boolean direct, int rwfFlags) throws IOException {
        if (!LibC.hasRwf()) {
            throw new UnsupportedFlagException("this C library has no preadv2/pwritev2 (glibc 2.26+ has them)");
        }
        return new NativeTarget(NativeFile.open(file, direct, true), rwfFlags);
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
        long length = buf.byteSize();
        long done = 0;
        int f = flags;
        while (done < length) {
            long n = write ? file.pwritev2(buf, done, length - done, offset + done, f)
                    : file.preadv2(buf, done, length - done, offset + done, f);
            if (n > 0) {
                done += n;
                continue;
            }
            if (n == 0) {
                throw new EOFException((write ? "pwritev2" : "preadv2") + " made no progress on " + file.path()
                        + " at " + (offset + done));
            }
            int errno = (int) -n;
            if (errno == LibC.EINTR) {
                continue;
            }
            if (errno == LibC.EAGAIN && (f & LibC.RWF_NOWAIT) != 0) {
                eagains++;
                f &= ~LibC.RWF_NOWAIT;
                continue;
            }
            String call = (write ? "pwritev2" : "preadv2") + " with " + flagNames(f);
            if (errno == LibC.EOPNOTSUPP) {
                throw new UnsupportedFlagException(call + " on " + file.path() + ": " + LibC.errnoName(errno));
            }
            throw new IOException(call + " on " + file.path() + " at " + (offset + done) + ": "
                    + LibC.errnoName(errno));
        }
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
    public Path path() {
        return file.path();
    }

    @Override
    public void close() {
        file.close();
    }
}
