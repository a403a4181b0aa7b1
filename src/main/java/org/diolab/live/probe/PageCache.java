package org.diolab.live.probe;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.file.Path;
import org.diolab.sys.Fd;
import org.diolab.sys.LibC;

/**
 * Asks the kernel which pages of a file are in the page cache, without touching them: {@code cachestat(2)} where the
 * kernel has it, else {@code mincore(2)} on a read-only shared mapping (mapping does not fault pages in). Also drops
 * a file's clean pages, as fio does before every job. Scratch files are asked through their own descriptor
 * ({@code ScratchFile.open}); other files (the kernel lab's) by name, read-only.
 */
public final class PageCache {
    private static final long PAGE = 4096;

    private PageCache() {}

    /**
     * Residency of the whole regular file {@code file}, opened read-only by name (never through a symlink). Never
     * throws for an unsupported kernel: the method says "unavailable".
     */
    public static CacheResidency residency(Path file) throws IOException {
        try (Fd f = openByName(file)) {
            return residency(f);
        }
    }

    /** Residency of the whole file open at {@code f}. */
    public static CacheResidency residency(Fd f) throws IOException {
        long size = LibC.fstat(f.fd()).size();
        long pages = (size + PAGE - 1) / PAGE;
        if (pages == 0) {
            return new CacheResidency(0, 0, "cachestat");
        }
        Fd.CacheStat c = f.cachestat();
        // cachestat is ENOSYS on kernels before 6.5 or built without it: fall back to mincore
        return c != null ? new CacheResidency(c.cached(), pages, "cachestat") : mincore(f, size, pages);
    }

    /** Residency through mincore only, to check it against cachestat. */
    public static CacheResidency residencyViaMincore(Fd f) throws IOException {
        long size = LibC.fstat(f.fd()).size();
        return mincore(f, size, (size + PAGE - 1) / PAGE);
    }

    /** Drops the clean cached pages of the regular file {@code file} (opened read-only by name). */
    public static void drop(Path file) throws IOException {
        try (Fd f = openByName(file)) {
            f.adviseDontNeed();
        }
    }

    /** Drops the clean cached pages of the file open at {@code f} (posix_fadvise DONTNEED); dirty pages stay. */
    public static void drop(Fd f) {
        f.adviseDontNeed();
    }

    private static Fd openByName(Path file) throws IOException {
        Fd f = Fd.open(file, LibC.O_RDONLY | LibC.O_NOFOLLOW | LibC.O_NONBLOCK);
        try {
            if (!LibC.fstat(f.fd()).isRegularFile()) {
                throw new IOException(file + " is not a regular file");
            }
            return f;
        } catch (IOException | RuntimeException e) {
            f.close();
            throw e;
        }
    }

    private static CacheResidency mincore(Fd f, long size, long pages) {
        long addr = LibC.call(f.callState(), LibC.Nr.MMAP, 0, size, LibC.PROT_READ, LibC.MAP_SHARED, f.fd(), 0);
        if (addr < 0) {
            return CacheResidency.unavailable(pages);
        }
        try (Arena a = Arena.ofConfined()) {
            MemorySegment vec = a.allocate(pages);
            long r = LibC.call(f.callState(), LibC.Nr.MINCORE, addr, size, vec.address(), 0);
            if (r != 0) {
                return CacheResidency.unavailable(pages);
            }
            long cached = 0;
            for (long i = 0; i < pages; i++) {
                cached += vec.get(ValueLayout.JAVA_BYTE, i) & 1;
            }
            return new CacheResidency(cached, pages, "mincore");
        } finally {
            long ignored = LibC.call(f.callState(), LibC.Nr.MUNMAP, addr, size, 0, 0);
        }
    }
}
