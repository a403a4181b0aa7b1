package org.diolab.live;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.file.Path;

/**
 * Asks the kernel which pages of a file are in the page cache, without touching them: {@code cachestat(2)} where the
 * kernel has it, else {@code mincore(2)} on a read-only shared mapping (mapping does not fault pages in). Also drops
 * a file's clean pages, as fio does before every job.
 */
public final class PageCache {
    private static final long PAGE = 4096;

    private PageCache() {}

    /**
     * Residency of the whole file: a scratch file through its descriptor, any other regular file read-only by name.
     * Never throws for an unsupported kernel: the method says "unavailable".
     */
    public static CacheResidency residency(Path file) throws IOException {
        try (NativeFile f = NativeFile.open(file, false, false)) {
            return residency(f);
        }
    }

    /** Residency of a whole scratch file, through its descriptor. */
    static CacheResidency residency(ScratchFile file) throws IOException {
        try (NativeFile f = NativeFile.open(file, false, false)) {
            return residency(f);
        }
    }

    private static CacheResidency residency(NativeFile f) throws IOException {
        long size = DirHandle.fstat(f.fd()).size();
        long pages = (size + PAGE - 1) / PAGE;
        if (pages == 0) {
            return new CacheResidency(0, 0, "cachestat");
        }
        CacheResidency viaCachestat = cachestat(f, pages);
        return viaCachestat != null ? viaCachestat : mincore(f, size, pages);
    }

    /** Residency through mincore only, to check it against cachestat. */
    static CacheResidency residencyViaMincore(Path file) throws IOException {
        try (NativeFile f = NativeFile.open(file, false, false)) {
            long size = DirHandle.fstat(f.fd()).size();
            return mincore(f, size, (size + PAGE - 1) / PAGE);
        }
    }

    /** Drops the clean cached pages of a file (posix_fadvise DONTNEED); dirty pages stay until written back. */
    public static void drop(Path file) throws IOException {
        try (NativeFile f = NativeFile.open(file, false, false)) {
            f.adviseDontNeed();
        }
    }

    private static CacheResidency cachestat(NativeFile f, long pages) {
        try (Arena a = Arena.ofConfined()) {
            MemorySegment range = a.allocate(16, 8); // {off, len}; len 0 = to the end of the file
            MemorySegment stat = a.allocate(40, 8); // {nr_cache, nr_dirty, nr_writeback, nr_evicted, ...}
            long r = LibC.call(f.callState(), LibC.Nr.CACHESTAT, f.fd(), range.address(), stat.address(), 0);
            if (r != 0) {
                return null; // ENOSYS on kernels before 6.5 or built without it: fall back to mincore
            }
            return new CacheResidency(stat.get(ValueLayout.JAVA_LONG, 0), pages, "cachestat");
        }
    }

    private static CacheResidency mincore(NativeFile f, long size, long pages) {
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
