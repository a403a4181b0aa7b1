package org.diolab.live.run;

import java.lang.foreign.MemorySegment;
import org.diolab.live.job.CsumImpl;

/**
 * CRC32C (Castagnoli), the checksum btrfs stores per data block. Instances keep scratch state and belong to one
 * thread; make one per thread with {@link #of(CsumImpl)}.
 */
public sealed interface Crc32c permits HardwareCrc32c, SoftwareCrc32c {
    /** The CRC32C of {@code length} bytes of {@code data} starting at {@code offset}. */
    int checksum(MemorySegment data, long offset, int length);

    /** Which implementation this is, for reports. */
    CsumImpl impl();

    /** A fresh, single-threaded instance of {@code impl}. */
    static Crc32c of(CsumImpl impl) {
        return switch (impl) {
            case HW -> new HardwareCrc32c();
            case SW -> new SoftwareCrc32c();
        };
    }
}
