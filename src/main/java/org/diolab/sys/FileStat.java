package org.diolab.sys;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/**
 * What {@code statx(2)} says about one file: its type, owner, identity and size. The identity (device, inode and
 * birth time) is how a scratch file is recognised after the fact: a name can be renamed over or hard-linked away, an
 * inode cannot; the birth time tells a file from a later one that got the freed inode number (ext4 reuses them at
 * once). {@code btime} is -1 where the filesystem does not record it.
 */
public record FileStat(int mode, int uid, long dev, long ino, long btime, long size, int nlink) {
    /** Size of {@code struct statx}; the same on every architecture. */
    public static final long STRUCT_SIZE = 256;
    /** STATX_TYPE | STATX_MODE | STATX_NLINK | STATX_UID | STATX_INO | STATX_SIZE | STATX_BTIME. */
    private static final int BTIME = 0x800;

    public static final int MASK = 0x1 | 0x2 | 0x4 | 0x8 | 0x100 | 0x200 | BTIME;
    private static final int S_IFMT = 0170000;

    /** Decodes a filled {@code struct statx}. */
    public static FileStat of(MemorySegment statx) {
        int nlink = statx.get(ValueLayout.JAVA_INT, 16);
        int uid = statx.get(ValueLayout.JAVA_INT, 20);
        int mode = Short.toUnsignedInt(statx.get(ValueLayout.JAVA_SHORT, 28));
        long ino = statx.get(ValueLayout.JAVA_LONG, 32);
        long size = statx.get(ValueLayout.JAVA_LONG, 40);
        long devMajor = Integer.toUnsignedLong(statx.get(ValueLayout.JAVA_INT, 136));
        long devMinor = Integer.toUnsignedLong(statx.get(ValueLayout.JAVA_INT, 140));
        boolean hasBtime = (statx.get(ValueLayout.JAVA_INT, 0) & BTIME) != 0;
        long btime = hasBtime
                ? statx.get(ValueLayout.JAVA_LONG, 80) * 1_000_000_000L
                        + Integer.toUnsignedLong(statx.get(ValueLayout.JAVA_INT, 88))
                : -1;
        return new FileStat(mode, uid, devMajor << 32 | devMinor, ino, btime, size, nlink);
    }

    public boolean isRegularFile() {
        return (mode & S_IFMT) == 0100000;
    }

    public boolean isDirectory() {
        return (mode & S_IFMT) == 0040000;
    }

    public boolean isSymlink() {
        return (mode & S_IFMT) == 0120000;
    }

    /** Same file: same device and inode, born at the same time where both birth times are known. */
    public boolean sameFile(FileStat other) {
        return sameFile(other.dev, other.ino, other.btime);
    }

    public boolean sameFile(long otherDev, long otherIno, long otherBtime) {
        return dev == otherDev && ino == otherIno && (btime < 0 || otherBtime < 0 || btime == otherBtime);
    }

    /** The public identity: device as major:minor, inode, birth time. */
    public FileId id() {
        return new FileId((int) (dev >>> 32), (int) dev, ino, btime);
    }

    /** "a symbolic link", "a directory", ... for messages. */
    public String kind() {
        return switch (mode & S_IFMT) {
            case 0100000 -> "a regular file";
            case 0040000 -> "a directory";
            case 0120000 -> "a symbolic link";
            case 0010000 -> "a FIFO";
            case 0140000 -> "a socket";
            case 0020000 -> "a character device";
            case 0060000 -> "a block device";
            default -> "a special file";
        };
    }
}
