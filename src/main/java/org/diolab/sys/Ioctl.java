package org.diolab.sys;

/**
 * The ioctl requests the kernel lab makes, with the layout of the structure they take: the inode flags
 * ({@code lsattr}/{@code chattr}, for btrfs's NOCOW), a file's extents and btrfs's chunk tree and devices (where each
 * copy of a block lies on the lab's devices), and the loop devices (a device attached to the very descriptor of the
 * lab's image, never to a name). Values are those of 64-bit Linux.
 */
public final class Ioctl {
    /** _IOR('f', 1, long) and _IOW('f', 2, long) on 64-bit Linux; the kernel reads and writes an int. */
    public static final long FS_IOC_GETFLAGS = 0x80086601L;

    public static final long FS_IOC_SETFLAGS = 0x40086602L;
    /** FS_NOCOW_FL: btrfs's nodatacow, which implies nodatasum; set on an empty file only. */
    public static final int FS_NOCOW_FL = 0x00800000;

    /**
     * FS_IOC_FIEMAP, _IOWR('f', 11, struct fiemap): a file's extents. struct fiemap is 32 bytes (fm_start, fm_length,
     * fm_flags, fm_mapped_extents, fm_extent_count, reserved) followed by fm_extent_count struct fiemap_extent of 56
     * bytes (fe_logical, fe_physical, fe_length, 2 reserved u64, fe_flags, 3 reserved u32). On btrfs fe_physical is
     * the filesystem's logical address, which its chunk tree maps to each device.
     */
    public static final long FS_IOC_FIEMAP = 0xC020660BL;

    public static final int FIEMAP_HEADER_SIZE = 32;
    public static final int FIEMAP_EXTENT_SIZE = 56;
    /** fe_flags: the last extent; data not yet on disk (delalloc); location unknown; data inline in metadata. */
    public static final int FIEMAP_EXTENT_LAST = 0x1;

    public static final int FIEMAP_EXTENT_UNKNOWN = 0x2;
    public static final int FIEMAP_EXTENT_DELALLOC = 0x4;
    public static final int FIEMAP_EXTENT_DATA_INLINE = 0x200;
    /**
     * BTRFS_IOC_TREE_SEARCH, _IOWR(0x94, 17, struct btrfs_ioctl_search_args): 4096 bytes, a 104-byte search key
     * (tree_id, min/max objectid, offset, transid as u64, min/max type and nr_items as u32, then 36 unused bytes)
     * and the items found, each after a 32-byte header (transid, objectid, offset as u64, type, len as u32). Root only.
     */
    public static final long BTRFS_IOC_TREE_SEARCH = 0xD0009411L;

    public static final int BTRFS_SEARCH_ARGS_SIZE = 4096;
    public static final int BTRFS_SEARCH_KEY_SIZE = 104;
    /**
     * BTRFS_IOC_DEV_INFO, _IOWR(0x94, 30, struct btrfs_ioctl_dev_info_args): 4096 bytes, devid (in) at 0, the device's
     * path (out, NUL-terminated, 1024 bytes) at 3072. Root only.
     */
    public static final long BTRFS_IOC_DEV_INFO = 0xD000941EL;

    public static final int BTRFS_DEV_INFO_SIZE = 4096;
    public static final int BTRFS_DEV_INFO_PATH = 3072;

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
