package org.diolab.live.run;

import java.lang.foreign.MemorySegment;
import org.diolab.live.job.JobSpec;

/**
 * The stored CRC32C of every 4 KiB block of one logical file, like btrfs's checksum tree for one inode. Mirrors of
 * a file share one table, as btrfs computes a bio's checksums once, before cloning it per mirror.
 *
 * <p>Only the file's worker (or its checksum thread, handed over through a future) writes entries; readers come
 * after a join. That hand-over is what makes the plain array safe.
 */
public final class ChecksumTable {
    private final int[] sums;

    public ChecksumTable(long fileSize) {
        sums = new int[Math.toIntExact(fileSize / JobSpec.BLOCK)];
    }

    /** Checksums {@code data} (a whole number of blocks) and stores the sums for the blocks at {@code fileOffset}. */
    public void store(Crc32c crc, MemorySegment data, long fileOffset) {
        int first = Math.toIntExact(fileOffset / JobSpec.BLOCK);
        int blocks = Math.toIntExact(data.byteSize() / JobSpec.BLOCK);
        for (int b = 0; b < blocks; b++) {
            sums[first + b] = crc.checksum(data, (long) b * JobSpec.BLOCK, JobSpec.BLOCK);
        }
    }

    /**
     * Recomputes the sums of {@code data}, which holds the blocks at {@code fileOffset}, and returns how many differ
     * from the stored ones.
     */
    int countMismatches(Crc32c crc, MemorySegment data, long fileOffset) {
        int first = Math.toIntExact(fileOffset / JobSpec.BLOCK);
        int blocks = Math.toIntExact(data.byteSize() / JobSpec.BLOCK);
        int bad = 0;
        for (int b = 0; b < blocks; b++) {
            if (sums[first + b] != crc.checksum(data, (long) b * JobSpec.BLOCK, JobSpec.BLOCK)) {
                bad++;
            }
        }
        return bad;
    }

    int blockCount() {
        return sums.length;
    }
}
