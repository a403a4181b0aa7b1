package org.diolab.sys;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * What a file allows for O_DIRECT: the alignment of user buffers ({@code memory}) and of file offsets and lengths
 * ({@code offset}), and where that came from. Linux 6.1 and later tell it per file ({@code statx} with
 * {@code STATX_DIOALIGN}: {@code stx_dio_mem_align}, {@code stx_dio_offset_align}); before that, or where a
 * filesystem does not fill it in, the rule is the device's logical block size for both.
 *
 * @param source "statx STATX_DIOALIGN" or "the logical block size of 254:0", for messages
 */
public record DirectIoAlignment(int memory, int offset, String source) {
    private static final int STATX_DIOALIGN = 0x2000;
    private static final long DIO_MEM_ALIGN = 0x98;
    private static final long DIO_OFFSET_ALIGN = 0x9c;

    /** The file's own answer ({@code statx}), or empty when the kernel or filesystem gives none. */
    public static Optional<DirectIoAlignment> ofFile(int fd) {
        if (!LibC.available()) {
            return Optional.empty();
        }
        try (Arena a = Arena.ofConfined()) {
            MemorySegment buf = a.allocate(FileStat.STRUCT_SIZE, 8);
            long r = LibC.call(
                    LibC.newCallState(a),
                    LibC.Nr.STATX,
                    fd,
                    a.allocateFrom("").address(),
                    LibC.AT_EMPTY_PATH,
                    STATX_DIOALIGN,
                    buf.address(),
                    0);
            if (r != 0 || (buf.get(ValueLayout.JAVA_INT, 0) & STATX_DIOALIGN) == 0) {
                return Optional.empty();
            }
            int mem = buf.get(ValueLayout.JAVA_INT, DIO_MEM_ALIGN);
            int off = buf.get(ValueLayout.JAVA_INT, DIO_OFFSET_ALIGN);
            // 0 means the file takes no O_DIRECT at all; the caller's own O_DIRECT probe says so in its words
            return mem > 0 && off > 0
                    ? Optional.of(new DirectIoAlignment(mem, off, "statx STATX_DIOALIGN"))
                    : Optional.empty();
        }
    }

    /**
     * The logical block size of the device {@code dev} (major:minor, as {@link FileStat#dev}), for both alignments;
     * empty where sysfs has no such device (btrfs and other filesystems on anonymous device numbers).
     */
    public static Optional<DirectIoAlignment> ofDevice(long dev) {
        String id = (dev >>> 32) + ":" + (int) dev;
        Path sys = Path.of("/sys/dev/block", id);
        for (Path q :
                new Path[] {sys.resolve("queue/logical_block_size"), sys.resolve("../queue/logical_block_size")}) {
            try {
                int size = Integer.parseInt(Files.readString(q).trim());
                if (size > 0) {
                    return Optional.of(new DirectIoAlignment(size, size, "the logical block size of " + id));
                }
            } catch (IOException | NumberFormatException e) {
                // a partition has its queue in its parent's directory; try that next
            }
        }
        return Optional.empty();
    }
}
