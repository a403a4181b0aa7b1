package org.diolab.live.kernel.evidence;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.List;
import java.util.Map;
import org.diolab.sys.Ioctl;
import org.junit.jupiter.api.Test;

/**
 * Where each copy of a file's block lies, from the structures the kernel fills: FIEMAP's extents (on btrfs, logical
 * addresses) and the chunk items of BTRFS_IOC_TREE_SEARCH (a logical range and one stripe per device copy).
 */
class LegCopiesMapTest {
    @Test
    void fiemapExtentsAreReadWithTheirFlags() {
        try (Arena a = Arena.ofConfined()) {
            MemorySegment fm = a.allocate(Ioctl.FIEMAP_HEADER_SIZE + 2L * Ioctl.FIEMAP_EXTENT_SIZE, 8);
            fm.set(ValueLayout.JAVA_INT, 20, 2); // fm_mapped_extents
            extent(fm, 0, 0, 1_000_000, 65_536, 0);
            extent(fm, 1, 65_536, 0, 4096, Ioctl.FIEMAP_EXTENT_DELALLOC | Ioctl.FIEMAP_EXTENT_LAST);
            List<FileExtents.Extent> e = FileExtents.parse(fm);
            assertThat(e)
                    .containsExactly(
                            new FileExtents.Extent(0, 1_000_000, 65_536, 0),
                            new FileExtents.Extent(
                                    65_536, 0, 4096, Ioctl.FIEMAP_EXTENT_DELALLOC | Ioctl.FIEMAP_EXTENT_LAST));
            assertThat(e.get(0).located()).isTrue();
            assertThat(e.get(1).located()).as("delalloc: not on disk yet").isFalse();
            assertThat(e.get(1).last()).isTrue();
        }
    }

    private static void extent(MemorySegment fm, int i, long logical, long physical, long length, int flags) {
        long at = Ioctl.FIEMAP_HEADER_SIZE + (long) i * Ioctl.FIEMAP_EXTENT_SIZE;
        fm.set(ValueLayout.JAVA_LONG, at, logical);
        fm.set(ValueLayout.JAVA_LONG, at + 8, physical);
        fm.set(ValueLayout.JAVA_LONG, at + 16, length);
        fm.set(ValueLayout.JAVA_INT, at + 40, flags);
    }

    @Test
    void chunkItemsGiveEveryStripeAndOtherItemsAreSkipped() throws IOException {
        try (Arena a = Arena.ofConfined()) {
            MemorySegment args = a.allocate(Ioctl.BTRFS_SEARCH_ARGS_SIZE, 8);
            args.set(ValueLayout.JAVA_INT, 64, 2); // nr_items returned
            long at = Ioctl.BTRFS_SEARCH_KEY_SIZE;
            at = item(args, at, 0, 204, new byte[8]); // a device item: skipped
            MemorySegment chunk = a.allocate(48 + 2 * 32, 8);
            chunk.set(ValueLayout.JAVA_LONG, 0, 1L << 30); // length
            chunk.set(ValueLayout.JAVA_LONG, 24, 1 | 16); // DATA | RAID1
            chunk.set(ValueLayout.JAVA_SHORT, 44, (short) 2);
            chunk.set(ValueLayout.JAVA_LONG, 48, 1); // stripe 0: devid 1
            chunk.set(ValueLayout.JAVA_LONG, 56, 22_020_096);
            chunk.set(ValueLayout.JAVA_LONG, 80, 2); // stripe 1: devid 2
            chunk.set(ValueLayout.JAVA_LONG, 88, 1_048_576);
            item(args, at, 13_631_488, ChunkMap.CHUNK_ITEM_KEY, chunk.toArray(ValueLayout.JAVA_BYTE));
            List<ChunkMap.Chunk> chunks = ChunkMap.parseSearch(args);
            assertThat(chunks).hasSize(1);
            ChunkMap.Chunk c = chunks.getFirst();
            assertThat(c.logical()).isEqualTo(13_631_488);
            assertThat(c.stripes())
                    .containsExactly(new ChunkMap.Stripe(1, 22_020_096), new ChunkMap.Stripe(2, 1_048_576));
            ChunkMap map = new ChunkMap(chunks, Map.of(1L, "/dev/loop2", 2L, "/dev/loop3"));
            assertThat(map.copies(13_631_488 + 8192))
                    .containsExactly(
                            new ChunkMap.Copy("/dev/loop2", 22_020_096 + 8192),
                            new ChunkMap.Copy("/dev/loop3", 1_048_576 + 8192));
            assertThat(map.copies(1)).as("no chunk covers it").isEmpty();
        }
    }

    @Test
    void aStripedChunkIsRefusedRatherThanMisplaced() {
        ChunkMap map = new ChunkMap(
                List.of(new ChunkMap.Chunk(0, 1 << 20, 1 | 8, List.of(new ChunkMap.Stripe(1, 0)))),
                Map.of(1L, "/dev/loop2"));
        assertThatThrownBy(() -> map.copies(4096))
                .isInstanceOf(IOException.class)
                .hasMessageContaining("striped");
    }

    /** A search result item: header (transid, objectid, offset, type, len), then {@code body}. */
    private static long item(MemorySegment args, long at, long offset, int type, byte[] body) {
        args.set(ValueLayout.JAVA_LONG_UNALIGNED, at + 8, 256L);
        args.set(ValueLayout.JAVA_LONG_UNALIGNED, at + 16, offset);
        args.set(ValueLayout.JAVA_INT_UNALIGNED, at + 24, type);
        args.set(ValueLayout.JAVA_INT_UNALIGNED, at + 28, body.length);
        MemorySegment.copy(MemorySegment.ofArray(body), 0, args, at + 32, body.length);
        return at + 32 + body.length;
    }
}
