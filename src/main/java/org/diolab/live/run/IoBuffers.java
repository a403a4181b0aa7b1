package org.diolab.live.run;

import java.io.BufferedReader;
import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.file.Files;
import java.nio.file.Path;
import org.diolab.live.job.BufferMemory;
import org.diolab.live.job.FioUnits;
import org.diolab.live.job.LiveRefusal;
import org.diolab.sys.Errno;
import org.diolab.sys.LibC;

/**
 * Allocates I/O buffers with {@code mmap}, so their page backing is chosen ({@link BufferMemory}) instead of
 * inherited from whatever the C heap recycled. Each buffer is tied to an arena: it is unmapped when the arena closes,
 * and touching it afterwards throws instead of crashing. Pages are faulted in here, never in the timed loop.
 */
final class IoBuffers {
    static final long HUGE = 2L << 20;

    private IoBuffers() {}

    static MemorySegment allocate(Arena arena, long size, BufferMemory kind, int alignment) {
        if (!LibC.available()) {
            if (kind == BufferMemory.HUGETLB) {
                throw noHugetlb(size, "this C library has no syscall()");
            }
            return touched(arena.allocate(size, alignment));
        }
        boolean huge = kind.huge();
        long align = huge ? HUGE : Math.max(4096, alignment);
        long length = roundUp(size, align);
        boolean hugetlb = kind == BufferMemory.HUGETLB;
        long mapped = hugetlb ? length : length + align; // hugetlb mappings come 2 MiB aligned; others may slide
        MemorySegment state = LibC.newCallState(arena);
        long raw = LibC.call(
                state,
                LibC.Nr.MMAP,
                0,
                mapped,
                LibC.PROT_READ | LibC.PROT_WRITE,
                LibC.MAP_PRIVATE | LibC.MAP_ANONYMOUS | (hugetlb ? LibC.MAP_HUGETLB : 0),
                -1,
                0);
        if (raw < 0) {
            if (hugetlb) {
                throw noHugetlb(size, Errno.name((int) -raw));
            }
            return touched(arena.allocate(size, alignment));
        }
        long start = roundUp(raw, align);
        if (!hugetlb) {
            long ignored = LibC.call(
                    state,
                    LibC.Nr.MADVISE,
                    start,
                    length,
                    huge ? LibC.MADV_HUGEPAGE : LibC.MADV_NOHUGEPAGE,
                    0); // advice only: without THP we get 4 KiB pages
        }
        MemorySegment buf = MemorySegment.ofAddress(start).reinterpret(size, arena, s -> unmap(raw, mapped));
        return touched(buf);
    }

    private static LiveRefusal noHugetlb(long size, String why) {
        return LiveRefusal.badOption("no hugetlb page is free for a " + FioUnits.humanBytes(size) + " buffer (" + why
                + "); reserve some as root (echo 64 > /proc/sys/vm/nr_hugepages) or use --iomem thp or pages");
    }

    /**
     * Whether the kernel really backs {@code buf} with huge pages: the mapping's {@code KernelPageSize} (hugetlb)
     * or {@code AnonHugePages} (THP) in {@code /proc/self/smaps}. THP is advice; with
     * {@code transparent_hugepage=never} the answer is no.
     */
    static boolean hugePageBacked(MemorySegment buf) {
        long addr = buf.address();
        try (BufferedReader r = Files.newBufferedReader(Path.of("/proc/self/smaps"))) {
            boolean inside = false;
            for (String line = r.readLine(); line != null; line = r.readLine()) {
                int dash = line.indexOf('-');
                int space = line.indexOf(' ');
                if (dash > 0 && space > dash && isHex(line, 0, dash)) {
                    long lo = Long.parseUnsignedLong(line.substring(0, dash), 16);
                    long hi = Long.parseUnsignedLong(line.substring(dash + 1, space), 16);
                    inside = addr >= lo && addr < hi;
                } else if (inside
                        && line.startsWith("KernelPageSize:")
                        && !line.substring("KernelPageSize:".length()).trim().startsWith("4 ")) {
                    return true;
                } else if (inside && line.startsWith("AnonHugePages:")) {
                    return !line.substring("AnonHugePages:".length()).trim().startsWith("0 ");
                }
            }
        } catch (IOException | RuntimeException e) {
            return false;
        }
        return false;
    }

    /**
     * How many physically contiguous runs of pages back {@code buf}, from {@code /proc/self/pagemap}: what decides
     * how many DMA segments one O_DIRECT request over the whole buffer carries. 0 when the kernel does not tell
     * (page frame numbers are shown to privileged processes only).
     */
    static int physicalRuns(MemorySegment buf) {
        long first = buf.address() / 4096;
        long last = (buf.address() + buf.byteSize() - 1) / 4096;
        int pages = Math.toIntExact(last - first + 1);
        try (java.nio.channels.FileChannel ch = java.nio.channels.FileChannel.open(Path.of("/proc/self/pagemap"))) {
            java.nio.ByteBuffer b = java.nio.ByteBuffer.allocate(pages * 8).order(java.nio.ByteOrder.LITTLE_ENDIAN);
            while (b.hasRemaining() && ch.read(b, first * 8 + b.position()) > 0) {
                // pagemap reads may be short; keep reading
            }
            b.flip();
            int runs = 0;
            long previous = -2;
            while (b.remaining() >= 8) {
                long entry = b.getLong();
                long pfn = entry & ((1L << 55) - 1);
                if (entry >= 0 || pfn == 0) { // bit 63 clear: not present; PFN 0: hidden from us
                    return 0;
                }
                if (pfn != previous + 1) {
                    runs++;
                }
                previous = pfn;
            }
            return runs;
        } catch (IOException | RuntimeException e) {
            return 0;
        }
    }

    private static boolean isHex(String s, int from, int to) {
        for (int i = from; i < to; i++) {
            if (Character.digit(s.charAt(i), 16) < 0) {
                return false;
            }
        }
        return true;
    }

    private static void unmap(long address, long length) {
        try (Arena a = Arena.ofConfined()) {
            long ignored = LibC.call(LibC.newCallState(a), LibC.Nr.MUNMAP, address, length, 0, 0);
        }
    }

    private static MemorySegment touched(MemorySegment s) {
        s.fill((byte) 0);
        return s;
    }

    private static long roundUp(long v, long align) {
        return (v + align - 1) / align * align;
    }
}
