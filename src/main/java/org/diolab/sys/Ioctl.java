package org.diolab.sys;

/**
 * The ioctl requests the kernel lab makes, with the layout of the structure they take: the inode flags
 * ({@code lsattr}/{@code chattr}, for btrfs's NOCOW) and the loop devices (a device attached to the very descriptor of
 * the lab's image, never to a name). Values are those of 64-bit Linux.
 */
public final class Ioctl {
    /** _IOR('f', 1, long) and _IOW('f', 2, long) on 64-bit Linux; the kernel reads and writes an int. */
    public static final long FS_IOC_GETFLAGS = 0x80086601L;

    public static final long FS_IOC_SETFLAGS = 0x40086602L;
    /** FS_NOCOW_FL: btrfs's nodatacow, which implies nodatasum; set on an empty file only. */
    public static final int FS_NOCOW_FL = 0x00800000;

    /** loop-control: the number of a free loop device, created if needed. */
    public static final long LOOP_CTL_GET_FREE = 0x4C82;
    /** Attach a backing descriptor and set the status in one call (Linux 5.8+). */
    public static final long LOOP_CONFIGURE = 0x4C0A;

    public static final int LO_FLAGS_DIRECT_IO = 16;
    /** struct loop_config: fd, block_size, struct loop_info64 (232 bytes), 8 reserved u64. */
    public static final int LOOP_CONFIG_SIZE = 304;

    public static final int LOOP_CONFIG_FLAGS = 8 + 52;
    public static final int LOOP_CONFIG_FILE_NAME = 8 + 56;
    public static final int LO_NAME_SIZE = 64;

    private Ioctl() {}
}
