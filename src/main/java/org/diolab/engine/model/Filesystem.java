package org.diolab.engine.model;

/**
 * The file system a lesson's file lives on, and the rules of its own that matter here. {@link #GENERIC} has none
 * beyond the VFS: only the policy and the device stack (STABLE_WRITES) decide.
 */
public enum Filesystem {
    /**
     * No file system rules: data checksums as the file's NODATASUM flag says, and the page cache waits for writeback
     * only on a stable-writes mapping.
     */
    GENERIC("generic", true, false),
    /**
     * Data checksums (unless NODATASUM). Stable writes are per inode (ecde48a1a6b3, 6.15): only the mapping of an
     * inode with data checksums has them, so only there does a buffered write wait in folio_wait_stable(), whatever
     * the device says. A NODATASUM file's writer still waits, on the folio's ordered extent, which writeback creates
     * before it starts and which ends after the I/O to every leg (btrfs_start_ordered_extent()); the kernel lab's
     * buffered-divergence sees both kinds of writer held back on 6.18. A write fault through a mapping waits on every
     * inode: btrfs_page_mkwrite() calls folio_wait_writeback() itself, a wait ecde48a1a6b3 did not touch.
     */
    BTRFS("btrfs", true, true),
    /** No data checksums; folio_wait_stable() waits only when the mapping has stable writes. */
    EXT4("ext4", false, false),
    /** Like ext4 here: no data checksums, folio_wait_stable() only on a stable-writes mapping. */
    XFS("xfs", false, false),
    /** I/O straight to an md array's block device (its page cache): no file system, no checksums. */
    MD("md", false, false);

    private final String id;
    private final boolean dataChecksums;
    private final boolean perInodeStableWrites;

    Filesystem(String id, boolean dataChecksums, boolean perInodeStableWrites) {
        this.id = id;
        this.dataChecksums = dataChecksums;
        this.perInodeStableWrites = perInodeStableWrites;
    }

    /** The name lessons use ({@code fs: btrfs}). */
    public String id() {
        return id;
    }

    /** Whether files can carry data checksums at all. */
    public boolean dataChecksums() {
        return dataChecksums;
    }

    /**
     * Whether the file system decides stable writes per inode, giving them to inodes with data checksums and to no
     * other (btrfs since ecde48a1a6b3), instead of taking them from the device stack.
     */
    public boolean perInodeStableWrites() {
        return perInodeStableWrites;
    }

    /** Whether a write fault through a mapping always waits for the folio's writeback (btrfs_page_mkwrite()). */
    public boolean mkwriteWaitsForWriteback() {
        return perInodeStableWrites;
    }

    public static java.util.Optional<Filesystem> byId(String id) {
        return java.util.Arrays.stream(values()).filter(f -> f.id.equals(id)).findFirst();
    }

    public static java.util.List<String> ids() {
        return java.util.Arrays.stream(values()).map(Filesystem::id).toList();
    }
}
