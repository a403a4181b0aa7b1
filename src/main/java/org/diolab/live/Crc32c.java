package org.diolab.live;

import java.lang.foreign.MemorySegment;

/**
 * CRC32C (Castagnoli), the checksum btrfs stores per data block. Instances keep scratch state and belong to one
 * thread; make one per thread with {@link CsumImpl#create()}.
 */
public sealed interface Crc32c permits HardwareCrc32c, SoftwareCrc32c {
    /** The CRC32C of {@code length} bytes of {@code data} starting at {@code offset}. */
    int checksum(MemorySegment data, long offset, int length);

    /** Which implementation this is, for reports. */
    CsumImpl impl();
}
