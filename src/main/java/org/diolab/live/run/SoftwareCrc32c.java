package org.diolab.live.run;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteOrder;
import org.diolab.live.job.CsumImpl;

/**
 * CRC32C with one 256-entry table, one byte per step (Sarwate's algorithm): what a CPU without CRC instructions
 * falls back to. It stands in for the seeds' {@code kvm64} guest, where btrfs checksummed in software and buffered
 * fallback looked ten times slower than it was (S003). Deliberately not sliced or vectorised.
 */
public final class SoftwareCrc32c implements Crc32c {
    /** The reflected Castagnoli polynomial. */
    private static final int POLY = 0x82F63B78;

    private static final int[] TABLE = table();
    private static final ValueLayout.OfLong LE_LONG =
            ValueLayout.JAVA_LONG_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);

    private static int[] table() {
        int[] t = new int[256];
        for (int i = 0; i < 256; i++) {
            int c = i;
            for (int k = 0; k < 8; k++) {
                c = (c & 1) != 0 ? (c >>> 1) ^ POLY : c >>> 1;
            }
            t[i] = c;
        }
        return t;
    }

    @Override
    public int checksum(MemorySegment data, long offset, int length) {
        int crc = ~0;
        long i = offset;
        long end = offset + length;
        // Loads eight bytes at a time only to spare the bounds checks; the arithmetic stays byte by byte.
        for (; i + 8 <= end; i += 8) {
            long w = data.get(LE_LONG, i);
            for (int b = 0; b < 8; b++) {
                crc = (crc >>> 8) ^ TABLE[(crc ^ (int) (w >>> (8 * b))) & 0xff];
            }
        }
        for (; i < end; i++) {
            crc = (crc >>> 8) ^ TABLE[(crc ^ data.get(ValueLayout.JAVA_BYTE, i)) & 0xff];
        }
        return ~crc;
    }

    @Override
    public CsumImpl impl() {
        return CsumImpl.SW;
    }
}
