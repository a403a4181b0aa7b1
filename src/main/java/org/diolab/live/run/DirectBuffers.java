package org.diolab.live.run;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import org.diolab.live.job.BufferMemory;

/**
 * The live engine's I/O buffers for code outside it that does its own O_DIRECT (the kernel lab's raw-device row): the
 * same memory a job's buffers get, so a row written by hand and a row run as a job are compared like with like. A 1
 * MiB buffer of scattered 4 KiB pages is a different request to the block layer (up to 256 segments) than one huge
 * page (one run), which on a virtio disk costs about half the bandwidth.
 */
public final class DirectBuffers {
    private DirectBuffers() {}

    /** A zeroed buffer of {@code size} bytes backed by {@code kind}, page aligned, freed with {@code arena}. */
    public static MemorySegment allocate(Arena arena, long size, BufferMemory kind) {
        return IoBuffers.allocate(arena, size, kind, 4096);
    }

    /** "1 physically contiguous run (huge page)" or "256 runs of 4 KiB pages", for a report line. */
    public static String describe(MemorySegment buf) {
        boolean huge = IoBuffers.hugePageBacked(buf);
        int runs = IoBuffers.physicalRuns(buf);
        String backing = huge ? "huge pages" : "4 KiB pages";
        return runs == 0 ? backing : backing + ", " + runs + (runs == 1 ? " physical run" : " physical runs");
    }
}
