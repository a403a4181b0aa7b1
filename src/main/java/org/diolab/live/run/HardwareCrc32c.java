package org.diolab.live.run;

import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;
import java.util.zip.CRC32C;
import org.diolab.live.job.CsumImpl;

/**
 * CRC32C through {@link CRC32C}, which HotSpot replaces with the CPU's CRC32 / carry-less-multiply instructions
 * (x86 SSE4.2 + PCLMULQDQ, arm64 CRC). It reads native memory through a direct {@link ByteBuffer}: that is the path
 * the intrinsic covers without copying. The view of the last buffer is kept, so checksumming a block allocates
 * nothing.
 */
public final class HardwareCrc32c implements Crc32c {
    private final CRC32C crc = new CRC32C();
    private MemorySegment lastSegment;
    private ByteBuffer lastView;

    @Override
    public int checksum(MemorySegment data, long offset, int length) {
        if (data != lastSegment) {
            lastView = data.asByteBuffer();
            lastSegment = data;
        }
        ByteBuffer view = lastView;
        view.clear();
        view.position(Math.toIntExact(offset));
        view.limit(Math.toIntExact(offset + length));
        crc.reset();
        crc.update(view);
        return (int) crc.getValue();
    }

    @Override
    public CsumImpl impl() {
        return CsumImpl.HW;
    }
}
