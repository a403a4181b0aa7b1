package org.diolab.live.run;

import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;
import java.util.IdentityHashMap;
import java.util.Map;
import java.util.zip.CRC32C;
import org.diolab.live.job.CsumImpl;

/**
 * CRC32C through {@link CRC32C}, which HotSpot replaces with the CPU's CRC32 / carry-less-multiply instructions
 * (x86 SSE4.2 + PCLMULQDQ, arm64 CRC). It reads native memory through a direct {@link ByteBuffer}: that is the path
 * the intrinsic covers without copying. Each buffer's view is made once and kept (a worker at queue depth N has N
 * buffers, one per slot), so checksumming a block allocates nothing once every buffer has been seen.
 */
public final class HardwareCrc32c implements Crc32c {
    private final CRC32C crc = new CRC32C();
    /** Views by segment identity; bounded, for a caller that passes a fresh slice each time. */
    private final Map<MemorySegment, ByteBuffer> views = new IdentityHashMap<>();

    private static final int MAX_VIEWS = 4096;

    @Override
    public int checksum(MemorySegment data, long offset, int length) {
        ByteBuffer view = views.get(data);
        if (view == null) {
            if (views.size() >= MAX_VIEWS) {
                views.clear();
            }
            view = data.asByteBuffer();
            views.put(data, view);
        }
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
