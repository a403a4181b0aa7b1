package org.diolab.engine.step;

/**
 * Whether, and by whose rule, a write into the page cache waits for a folio's writeback to end before changing it.
 */
public enum WritebackWait {
    /** Nobody waits: the folio under writeback is only marked, not locked (S003 scenario B). */
    NONE,
    /** folio_wait_stable(): the mapping has stable writes because the device stack (or the policy) asks for them. */
    STABLE_MAPPING,
    /**
     * folio_wait_stable() on a btrfs inode with data checksums: since ecde48a1a6b3 btrfs sets the stable-writes flag
     * per inode, on those inodes only, whatever the device says.
     */
    CHECKSUMMED_INODE,
    /**
     * btrfs's buffered write on an inode without stable writes (nodatasum since ecde48a1a6b3): it finds the folio's
     * ordered extent, which writeback created before it started and which ends only after the I/O to every leg, and
     * waits for it (btrfs_start_ordered_extent(), from lock_and_cleanup_extent_if_need()).
     */
    ORDERED_EXTENT,
    /** btrfs_page_mkwrite() waits for writeback itself (folio_wait_writeback()), on every inode. */
    PAGE_MKWRITE;

    public boolean waits() {
        return this != NONE;
    }

    /** Who makes the writer wait, for the step's description. */
    String who() {
        return switch (this) {
            case NONE -> "nobody";
            case STABLE_MAPPING -> "folio_wait_stable()";
            case CHECKSUMMED_INODE ->
                "folio_wait_stable() (btrfs gives a checksummed inode's mapping stable writes, ecde48a1a6b3)";
            case ORDERED_EXTENT ->
                "btrfs_start_ordered_extent() (no stable writes on a nodatasum inode, but btrfs's buffered write waits"
                        + " for the folio's ordered extent)";
            case PAGE_MKWRITE -> "btrfs_page_mkwrite()";
        };
    }
}
