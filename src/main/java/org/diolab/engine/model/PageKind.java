package org.diolab.engine.model;

/** Who owns a page: a user process's anonymous memory, the page cache, or the kernel's own bounce buffer. */
public enum PageKind {
    USER("user page"),
    PAGE_CACHE("page-cache folio"),
    BOUNCE("kernel bounce page");

    private final String label;

    PageKind(String label) {
        this.label = label;
    }

    public String label() {
        return label;
    }
}
