package org.diolab.app.stage.cast;

/**
 * The stage's columns, left to right along the data path: the threads' memory, the page cache, kernel pages (bounce
 * buffers), the kernel's bios, locks and work, then the storage devices with the file's checksum table. A column is
 * drawn only if the run has something to put in it.
 */
public enum Column {
    USER("User memory"),
    CACHE("Page cache"),
    KERNEL_PAGES("Kernel pages"),
    KERNEL("Kernel: bios, locks, work"),
    STORAGE("Storage");

    private final String title;

    Column(String title) {
        this.title = title;
    }

    public String title() {
        return title;
    }
}
