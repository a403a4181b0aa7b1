package org.diolab.engine.step;

/**
 * Whether, and by whose rule, a write into the page cache waits for a folio's writeback to end before changing it.
 */
public enum WritebackWait {
    /** Nobody waits: the folio under writeback is only marked, not locked (S003 scenario B). */
    NONE,
    /** folio_wait_stable(): the mapping has stable writes because the device stack asks for them. */
    STABLE_MAPPING,
    /** The file system's own rule: btrfs waits in prepare_pages() and btrfs_page_mkwrite(), whatever the device. */
    FILESYSTEM;

    public boolean waits() {
        return this != NONE;
    }
}
