package org.diolab.engine.model;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.EnumSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * One 4 KiB page, modelled by a few bytes of content.
 *
 * @param pins            FOLL_PIN references held by in-flight I/O. A pin keeps the page from being freed or
 *                        migrated; it does <em>not</em> stop anyone from writing to it — that gap is what the seed
 *                        threads argue about.
 * @param freed           set when the page went back to the allocator; touching it afterwards is a use-after-free
 * @param flags           folio flags (page-cache folios; user pages have none)
 * @param writeProtected  the user's mapping of the page is read-only right now: a CPU store faults
 * @param exclusiveHolder the actor holding an exclusive pin (Jan Kara's proposed scheme), or {@code null}
 * @param block           the file block a page-cache folio caches, or -1
 */
public record Page(
        String id,
        PageKind kind,
        String bytes,
        int pins,
        boolean freed,
        Set<PageFlag> flags,
        boolean writeProtected,
        @Nullable String exclusiveHolder,
        int block) {
    public Page {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(bytes, "bytes");
        if (pins < 0) {
            throw new IllegalArgumentException("negative pin count on " + id);
        }
        flags = flagSet(flags);
    }

    public static Page user(String id, String bytes) {
        return new Page(id, PageKind.USER, bytes, 0, false, Set.of(), false, null, -1);
    }

    public static Page bounce(String id, int size) {
        return new Page(id, PageKind.BOUNCE, "?".repeat(size), 0, false, Set.of(), false, null, -1);
    }

    /** A page-cache folio for file block {@code block}, read in or written: uptodate. */
    public static Page cached(String id, int block, String bytes) {
        return new Page(id, PageKind.PAGE_CACHE, bytes, 0, false, Set.of(PageFlag.UPTODATE), false, null, block);
    }

    public boolean has(PageFlag f) {
        return flags.contains(f);
    }

    public Page withBytes(String newBytes) {
        return new Page(id, kind, newBytes, pins, freed, flags, writeProtected, exclusiveHolder, block);
    }

    public Page pinned() {
        return new Page(id, kind, bytes, pins + 1, freed, flags, writeProtected, exclusiveHolder, block);
    }

    public Page unpinned() {
        return new Page(id, kind, bytes, pins - 1, freed, flags, writeProtected, exclusiveHolder, block);
    }

    public Page released() {
        return new Page(id, kind, bytes, pins, true, flags, writeProtected, exclusiveHolder, block);
    }

    public Page withFlag(PageFlag f, boolean on) {
        Set<PageFlag> s = EnumSet.noneOf(PageFlag.class);
        s.addAll(flags);
        if (on) {
            s.add(f);
        } else {
            s.remove(f);
        }
        return new Page(id, kind, bytes, pins, freed, s, writeProtected, exclusiveHolder, block);
    }

    public Page withWriteProtected(boolean wp) {
        return new Page(id, kind, bytes, pins, freed, flags, wp, exclusiveHolder, block);
    }

    public Page withExclusiveHolder(@Nullable String holder) {
        return new Page(id, kind, bytes, pins, freed, flags, writeProtected, holder, block);
    }

    /**
     * Every set of flags, by bit mask (bit i: the i-th flag), made once: pages with equal flags then share one set,
     * which the explorer compares by identity first (it compares pages millions of times), and a page copy allocates
     * none.
     */
    private static final List<Set<PageFlag>> FLAG_SETS = allFlagSets();

    private static List<Set<PageFlag>> allFlagSets() {
        PageFlag[] all = PageFlag.values();
        List<Set<PageFlag>> out = new ArrayList<>(1 << all.length);
        for (int mask = 0; mask < 1 << all.length; mask++) {
            Set<PageFlag> s = EnumSet.noneOf(PageFlag.class);
            for (PageFlag f : all) {
                if ((mask & 1 << f.ordinal()) != 0) {
                    s.add(f);
                }
            }
            out.add(Collections.unmodifiableSet(s));
        }
        return List.copyOf(out);
    }

    /** Flags in a fixed (declaration) order, so equal pages print and hash alike in every run. */
    private static Set<PageFlag> flagSet(Collection<PageFlag> flags) {
        int mask = 0;
        for (PageFlag f : flags) {
            mask |= 1 << f.ordinal();
        }
        return FLAG_SETS.get(mask);
    }
}
