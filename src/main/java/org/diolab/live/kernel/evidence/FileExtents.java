package org.diolab.live.kernel.evidence;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.ArrayList;
import java.util.List;
import org.diolab.sys.Errno;
import org.diolab.sys.Fd;
import org.diolab.sys.Ioctl;

/**
 * Where a file's data lies, as FS_IOC_FIEMAP reports it without syncing first (no FIEMAP_FLAG_SYNC: asking must not
 * write dirty pages back, which would heal the very divergence the lab looks for). On btrfs an extent's "physical"
 * address is the filesystem's logical address; {@link ChunkMap} turns it into each device's offset.
 */
public final class FileExtents {
    private static final int BATCH = 64;

    /**
     * One extent: {@code length} bytes of the file at {@code fileOffset} stored at {@code physical} (on btrfs a
     * logical address), with FIEMAP's flags.
     */
    public record Extent(long fileOffset, long physical, long length, int flags) {
        /** True when the extent has a place on disk to read: not delalloc, not of unknown location, not inline. */
        public boolean located() {
            return (flags
                            & (Ioctl.FIEMAP_EXTENT_DELALLOC
                                    | Ioctl.FIEMAP_EXTENT_UNKNOWN
                                    | Ioctl.FIEMAP_EXTENT_DATA_INLINE))
                    == 0;
        }

        boolean last() {
            return (flags & Ioctl.FIEMAP_EXTENT_LAST) != 0;
        }
    }

    private FileExtents() {}

    /** The extents covering the first {@code length} bytes of the open file {@code fd}. */
    public static List<Extent> of(Fd fd, long length) throws IOException {
        List<Extent> out = new ArrayList<>();
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment buf = arena.allocate(Ioctl.FIEMAP_HEADER_SIZE + (long) BATCH * Ioctl.FIEMAP_EXTENT_SIZE, 8);
            long start = 0;
            while (start < length) {
                buf.fill((byte) 0);
                buf.set(ValueLayout.JAVA_LONG, 0, start);
                buf.set(ValueLayout.JAVA_LONG, 8, length - start);
                buf.set(ValueLayout.JAVA_INT, 24, BATCH); // fm_extent_count; fm_flags 0: no sync
                int r = fd.ioctl(Ioctl.FS_IOC_FIEMAP, buf);
                if (r != 0) {
                    throw new IOException("FS_IOC_FIEMAP on " + fd.what() + ": " + Errno.name(-r));
                }
                List<Extent> batch = parse(buf);
                if (batch.isEmpty()) {
                    break;
                }
                out.addAll(batch);
                Extent tail = batch.getLast();
                if (tail.last()) {
                    break;
                }
                start = tail.fileOffset() + tail.length();
            }
        }
        return out;
    }

    /** The extents in a struct fiemap the kernel filled. */
    static List<Extent> parse(MemorySegment fiemap) {
        int n = fiemap.get(ValueLayout.JAVA_INT, 20); // fm_mapped_extents
        List<Extent> out = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            long at = Ioctl.FIEMAP_HEADER_SIZE + (long) i * Ioctl.FIEMAP_EXTENT_SIZE;
            out.add(new Extent(
                    fiemap.get(ValueLayout.JAVA_LONG, at),
                    fiemap.get(ValueLayout.JAVA_LONG, at + 8),
                    fiemap.get(ValueLayout.JAVA_LONG, at + 16),
                    fiemap.get(ValueLayout.JAVA_INT, at + 40)));
        }
        return out;
    }
}
