package org.diolab.live.kernel.lab;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Set;
import org.diolab.live.job.CancelToken;
import org.diolab.live.probe.PageCache;
import org.diolab.sys.Fd;
import org.diolab.sys.Ioctl;
import org.diolab.sys.LibC;

/**
 * Test files on a lab filesystem: created new (never reusing a path; on the lab's own filesystem by {@link #newFile},
 * on a user's btrfs through the run's session), optionally NOCOW (btrfs's nodatasum, set with FS_IOC_SETFLAGS while
 * the file is empty, as {@code chattr +C} does, then read back), filled with a pattern, synced, and dropped from the
 * page cache so the scenario starts cold.
 */
public final class LabFiles {
    private LabFiles() {}

    /** Creates the empty file {@code dir/name}; fails if anything has that name. */
    static Path newFile(Path dir, String name) throws IOException {
        Path p = dir.resolve(name);
        FileChannel.open(p, Set.of(StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE, LinkOption.NOFOLLOW_LINKS))
                .close();
        return p;
    }

    /** Fills the new, empty file {@code p} with {@code size} bytes; {@code nodatasum} sets NOCOW first. */
    public static Path create(Path p, long size, boolean nodatasum, CancelToken cancel) throws IOException {
        try (FileChannel ch = FileChannel.open(p, Set.of(StandardOpenOption.WRITE, LinkOption.NOFOLLOW_LINKS))) {
            if (nodatasum) {
                setNoCow(p);
            }
            ByteBuffer chunk = ByteBuffer.allocateDirect(1 << 20);
            long written = 0;
            while (written < size) {
                cancel.throwIfCancelled();
                chunk.clear();
                for (int i = 0; i < chunk.capacity(); i += 8) {
                    chunk.putLong(i, (written + i) * 0x9E3779B97F4A7C15L); // differs per 8 bytes: no dedup, no zeros
                }
                chunk.limit((int) Math.min(chunk.capacity(), size - written));
                while (chunk.hasRemaining()) {
                    written += ch.write(chunk, written);
                }
            }
            ch.force(true);
        }
        PageCache.drop(p);
        return p;
    }

    /** The new, empty file {@code p}, with NOCOW set when {@code nodatasum}, for writes to fill. */
    public static Path createEmpty(Path p, boolean nodatasum) throws IOException {
        if (nodatasum) {
            setNoCow(p);
        }
        return p;
    }

    /** True when the file has btrfs's NOCOW flag (and so no data checksums). */
    public static boolean noCow(Path p) throws IOException {
        try (Fd fd = Fd.open(p, LibC.O_RDONLY | LibC.O_NOFOLLOW)) {
            return (fd.inodeFlags() & Ioctl.FS_NOCOW_FL) != 0;
        }
    }

    private static void setNoCow(Path p) throws IOException {
        try (Fd fd = Fd.open(p, LibC.O_RDONLY | LibC.O_NOFOLLOW)) {
            fd.setInodeFlags(fd.inodeFlags() | Ioctl.FS_NOCOW_FL);
            if ((fd.inodeFlags() & Ioctl.FS_NOCOW_FL) == 0) {
                throw new IOException("the NOCOW flag (chattr +C) did not stick on " + p);
            }
        }
    }
}
