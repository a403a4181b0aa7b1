package org.diolab.live.kernel.evidence;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.diolab.sys.Errno;
import org.diolab.sys.Fd;
import org.diolab.sys.Ioctl;

/**
 * btrfs's chunk tree as the mounted filesystem holds it in memory (BTRFS_IOC_TREE_SEARCH, not the devices' last
 * committed copy, so a chunk allocated a moment ago is there too), and which device each devid is
 * (BTRFS_IOC_DEV_INFO): what turns a logical address into the offset of every copy on the devices. Only profiles
 * whose copies are whole (SINGLE, DUP, RAID1, RAID1C3, RAID1C4) are mapped; a striped chunk is refused.
 */
public final class ChunkMap {
    static final long CHUNK_TREE = 3;
    static final long FIRST_CHUNK_TREE_OBJECTID = 256;
    static final int CHUNK_ITEM_KEY = 228;
    /** RAID0 | RAID10 | RAID5 | RAID6: a block's copies are not at one offset per stripe. */
    static final long STRIPED = 8 | 64 | 128 | 256;

    /** One stripe of a chunk: the device and where the chunk starts on it. */
    public record Stripe(long devid, long offset) {}

    /** One chunk: {@code length} bytes of logical addresses from {@code logical}, its type flags, its stripes. */
    public record Chunk(long logical, long length, long type, List<Stripe> stripes) {
        public Chunk {
            stripes = List.copyOf(stripes);
        }

        boolean covers(long address) {
            return address >= logical && address < logical + length;
        }
    }

    /** One copy of a block: the device that holds it and the byte offset on that device. */
    public record Copy(String device, long offset) {}

    private final List<Chunk> chunks;
    private final Map<Long, String> devices;

    ChunkMap(List<Chunk> chunks, Map<Long, String> devices) {
        this.chunks = List.copyOf(chunks);
        this.devices = Map.copyOf(devices);
    }

    /** The chunk tree and devices of the btrfs that {@code onFs} (any open file on it) belongs to. Root only. */
    public static ChunkMap read(Fd onFs) throws IOException {
        List<Chunk> chunks = new ArrayList<>();
        Map<Long, String> devices = new LinkedHashMap<>();
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment args = arena.allocate(Ioctl.BTRFS_SEARCH_ARGS_SIZE, 8);
            long from = 0;
            while (true) {
                searchKey(args, from);
                int r = onFs.ioctl(Ioctl.BTRFS_IOC_TREE_SEARCH, args);
                if (r != 0) {
                    throw new IOException(
                            "BTRFS_IOC_TREE_SEARCH (chunk tree) on " + onFs.what() + ": " + Errno.name(-r));
                }
                List<Chunk> found = parseSearch(args);
                if (found.isEmpty()) {
                    break;
                }
                chunks.addAll(found);
                from = found.getLast().logical() + 1;
            }
            MemorySegment info = arena.allocate(Ioctl.BTRFS_DEV_INFO_SIZE, 8);
            for (Chunk c : chunks) {
                for (Stripe s : c.stripes()) {
                    if (!devices.containsKey(s.devid())) {
                        devices.put(s.devid(), devicePath(onFs, info, s.devid()));
                    }
                }
            }
        }
        return new ChunkMap(chunks, devices);
    }

    private static void searchKey(MemorySegment args, long fromOffset) {
        args.fill((byte) 0);
        args.set(ValueLayout.JAVA_LONG, 0, CHUNK_TREE);
        args.set(ValueLayout.JAVA_LONG, 8, FIRST_CHUNK_TREE_OBJECTID);
        args.set(ValueLayout.JAVA_LONG, 16, FIRST_CHUNK_TREE_OBJECTID);
        args.set(ValueLayout.JAVA_LONG, 24, fromOffset);
        args.set(ValueLayout.JAVA_LONG, 32, -1L); // max_offset
        args.set(ValueLayout.JAVA_LONG, 48, -1L); // max_transid
        args.set(ValueLayout.JAVA_INT, 56, CHUNK_ITEM_KEY);
        args.set(ValueLayout.JAVA_INT, 60, CHUNK_ITEM_KEY);
        args.set(ValueLayout.JAVA_INT, 64, 4096); // nr_items: as many as fit; the kernel says how many it returned
    }

    /** The chunk items a tree search returned (other item types skipped). */
    static List<Chunk> parseSearch(MemorySegment args) {
        int n = args.get(ValueLayout.JAVA_INT, 64);
        List<Chunk> out = new ArrayList<>();
        long at = Ioctl.BTRFS_SEARCH_KEY_SIZE;
        for (int i = 0; i < n && at + 32 <= args.byteSize(); i++) {
            long offset = args.get(ValueLayout.JAVA_LONG_UNALIGNED, at + 16);
            int type = args.get(ValueLayout.JAVA_INT_UNALIGNED, at + 24);
            int len = args.get(ValueLayout.JAVA_INT_UNALIGNED, at + 28);
            long item = at + 32;
            if (type == CHUNK_ITEM_KEY) {
                out.add(chunk(args, item, offset));
            }
            at = item + len;
        }
        return out;
    }

    /** struct btrfs_chunk at {@code item}: length, owner, stripe_len, type, ..., num_stripes at 44, stripes at 48. */
    private static Chunk chunk(MemorySegment args, long item, long logical) {
        long length = args.get(ValueLayout.JAVA_LONG_UNALIGNED, item);
        long type = args.get(ValueLayout.JAVA_LONG_UNALIGNED, item + 24);
        int stripes = Short.toUnsignedInt(args.get(ValueLayout.JAVA_SHORT_UNALIGNED, item + 44));
        List<Stripe> out = new ArrayList<>(stripes);
        for (int k = 0; k < stripes; k++) {
            long s = item + 48 + 32L * k;
            out.add(new Stripe(
                    args.get(ValueLayout.JAVA_LONG_UNALIGNED, s), args.get(ValueLayout.JAVA_LONG_UNALIGNED, s + 8)));
        }
        return new Chunk(logical, length, type, out);
    }

    private static String devicePath(Fd onFs, MemorySegment info, long devid) throws IOException {
        info.fill((byte) 0);
        info.set(ValueLayout.JAVA_LONG, 0, devid);
        int r = onFs.ioctl(Ioctl.BTRFS_IOC_DEV_INFO, info);
        if (r != 0) {
            throw new IOException("BTRFS_IOC_DEV_INFO for devid " + devid + ": " + Errno.name(-r));
        }
        return cString(info.asSlice(Ioctl.BTRFS_DEV_INFO_PATH, Ioctl.BTRFS_DEV_INFO_SIZE - Ioctl.BTRFS_DEV_INFO_PATH));
    }

    static String cString(MemorySegment s) {
        byte[] b = s.toArray(ValueLayout.JAVA_BYTE);
        int end = 0;
        while (end < b.length && b[end] != 0) {
            end++;
        }
        return new String(b, 0, end, StandardCharsets.UTF_8);
    }

    public List<Chunk> chunks() {
        return chunks;
    }

    /** The device path of {@code devid} ("/dev/loop3"), if the filesystem named it. */
    public Optional<String> device(long devid) {
        return Optional.ofNullable(devices.get(devid));
    }

    /**
     * Every copy of the block at logical address {@code address}, in stripe order (leg 0 first); empty when no chunk
     * covers it.
     *
     * @throws IOException when the chunk is striped (RAID0/10/5/6), whose copies this map does not place
     */
    public List<Copy> copies(long address) throws IOException {
        for (Chunk c : chunks) {
            if (!c.covers(address)) {
                continue;
            }
            if ((c.type() & STRIPED) != 0) {
                throw new IOException(
                        "the chunk at " + c.logical() + " is striped (type 0x" + Long.toHexString(c.type()) + ")");
            }
            List<Copy> out = new ArrayList<>();
            for (Stripe s : c.stripes()) {
                String dev = device(s.devid()).orElseThrow(() -> new IOException("no device for devid " + s.devid()));
                out.add(new Copy(dev, s.offset() + (address - c.logical())));
            }
            return out;
        }
        return List.of();
    }
}
