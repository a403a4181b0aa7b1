package org.diolab.engine.model;

import java.util.Objects;

/**
 * One 4 KiB page, modelled by a few bytes of content.
 *
 * @param pins  FOLL_PIN references held by in-flight I/O. A pin keeps the page from being freed or migrated; it
 *              does <em>not</em> stop anyone from writing to it — that gap is what the seed threads argue about.
 * @param freed set when a bounce page was returned to the allocator; touching it afterwards is a use-after-free
 */
public record Page(String id, PageKind kind, String bytes, int pins, boolean freed) {
    public Page {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(bytes, "bytes");
        if (pins < 0) {
            throw new IllegalArgumentException("negative pin count on " + id);
        }
    }

    public static Page user(String id, String bytes) {
        return new Page(id, PageKind.USER, bytes, 0, false);
    }

    public static Page bounce(String id, int size) {
        return new Page(id, PageKind.BOUNCE, "?".repeat(size), 0, false);
    }

    public Page withBytes(String newBytes) {
        return new Page(id, kind, newBytes, pins, freed);
    }

    public Page pinned() {
        return new Page(id, kind, bytes, pins + 1, freed);
    }

    public Page unpinned() {
        return new Page(id, kind, bytes, pins - 1, freed);
    }

    public Page released() {
        return new Page(id, kind, bytes, pins, true);
    }
}
