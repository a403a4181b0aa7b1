package org.diolab.live.kernel.evidence;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.diolab.sys.Errno;
import org.diolab.sys.Fd;
import org.diolab.sys.LibC;

/**
 * Every leg's copy of a file's blocks, read straight from the devices underneath btrfs with O_DIRECT at the offsets
 * the file's extents and the chunk tree give: no filesystem read, so nothing is served from the page cache, no
 * mirror is chosen for the reader, no checksum is verified and, above all, no dirty page is written back first. While
 * a changed folio is still dirty this is the only way to see what one writeback left on each leg; the next writeback
 * (an unmount, an fsync, the flusher) sends the folio to both legs again.
 *
 * @param copies  per block (in file order), each leg's 4 KiB as the device holds it; no legs where no copy was located
 * @param located how many blocks had a copy located
 */
public record LegCopies(List<byte[][]> copies, int located) {
    public static final int BLOCK = 4096;

    /**
     * Reads the first {@code blocks} blocks of {@code file} (open on a btrfs) from each of {@code legs} (device
     * names, "loop3", in leg order). A copy on a device that is not one of the legs is refused: the lab reads only
     * its own devices.
     */
    public static LegCopies read(Fd file, int blocks, List<String> legs) throws IOException {
        List<FileExtents.Extent> extents = FileExtents.of(file, (long) blocks * BLOCK);
        ChunkMap map = ChunkMap.read(file);
        List<byte[][]> out = new ArrayList<>(blocks);
        for (int b = 0; b < blocks; b++) {
            out.add(new byte[0][]);
        }
        int located = 0;
        Map<String, Fd> devices = new HashMap<>();
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment buf = arena.allocate(BLOCK, BLOCK);
            for (FileExtents.Extent e : extents) {
                if (!e.located()) {
                    continue;
                }
                for (long off = 0; off < e.length(); off += BLOCK) {
                    long b = (e.fileOffset() + off) / BLOCK;
                    if (b >= blocks) {
                        break;
                    }
                    byte[][] perLeg = new byte[legs.size()][];
                    for (ChunkMap.Copy c : map.copies(e.physical() + off)) {
                        int leg = legs.indexOf(Path.of(c.device()).getFileName().toString());
                        if (leg < 0) {
                            throw new IOException("a copy of block " + b + " is on " + c.device()
                                    + ", not on one of the lab's devices " + legs);
                        }
                        Fd dev = devices.get(c.device());
                        if (dev == null) {
                            dev = Fd.open(Path.of(c.device()), LibC.O_RDONLY | LibC.O_DIRECT);
                            devices.put(c.device(), dev);
                        }
                        long n = dev.pread(buf.address(), BLOCK, c.offset());
                        if (n != BLOCK) {
                            throw new IOException("reading " + c.device() + " at " + c.offset() + ": "
                                    + (n < 0 ? Errno.name((int) -n) : n + " bytes"));
                        }
                        perLeg[leg] = buf.toArray(ValueLayout.JAVA_BYTE);
                    }
                    out.set((int) b, perLeg);
                    located++;
                }
            }
        } finally {
            devices.values().forEach(Fd::close);
        }
        return new LegCopies(out, located);
    }
}
