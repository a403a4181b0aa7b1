package org.diolab.engine.model;

/**
 * Folio flags that matter here (include/linux/page-flags.h): locked while I/O is being set up on it, dirty when memory
 * is newer than disk, writeback while it is being written, uptodate when its contents are valid.
 */
public enum PageFlag {
    LOCKED,
    DIRTY,
    WRITEBACK,
    UPTODATE;

    public String label() {
        return name().toLowerCase();
    }
}
