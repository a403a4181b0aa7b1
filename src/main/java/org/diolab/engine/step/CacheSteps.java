package org.diolab.engine.step;

import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.diolab.engine.model.Bio;
import org.diolab.engine.model.Incident;
import org.diolab.engine.model.IncidentKind;
import org.diolab.engine.model.Page;
import org.diolab.engine.model.PageFlag;
import org.diolab.engine.model.Ref;
import org.diolab.engine.model.World;
import org.jspecify.annotations.Nullable;

/** The page cache: buffered writes, stores through a file mapping, writeback, and DONTCACHE's dropping of folios. */
final class CacheSteps {
    private CacheSteps() {}

    /** Id of the folio caching file block {@code block}. */
    static String folioId(int block) {
        return "F" + block;
    }

    /**
     * A writer waits while the folio is locked (a read is filling it) and, when {@code wait} says so, while it is
     * under writeback: folio_wait_stable() on a stable-writes mapping (the device stack's, or btrfs's per-inode flag of
     * a checksummed inode), or btrfs_page_mkwrite()'s own wait for a write fault.
     */
    static Optional<Wait> stableWait(World w, int block, WritebackWait wait) {
        Page f = w.folio(block);
        if (f != null && f.has(PageFlag.LOCKED)) {
            return Optional.of(
                    new Wait("waits for the lock of " + f.id() + ", which a read is filling", readers(w, block)));
        }
        if (!wait.waits() || f == null || !f.has(PageFlag.WRITEBACK)) {
            return Optional.empty();
        }
        return Optional.of(new Wait(wait.who() + " waits: " + f.id() + " is under writeback", writers(w, block)));
    }

    /** Devices still reading into the folio of {@code block}. */
    static List<String> readers(World w, int block) {
        String folio = folioId(block);
        return w.bios().values().stream()
                .filter(b -> b.isClone()
                        && b.state() != org.diolab.engine.model.BioState.DONE
                        && b.pages().contains(folio))
                .map(Bio::target)
                .distinct()
                .toList();
    }

    /** Devices still writing {@code block}: whom a writeback wait waits for. */
    static List<String> writers(World w, int block) {
        return w.bios().values().stream()
                .filter(b -> b.writesInFlight(block))
                .map(Bio::target)
                .distinct()
                .toList();
    }

    static Transition bufferedCopy(World w, String actor, Instr.BufferedCopy c) {
        String bytes = w.page(c.page()).bytes();
        Write r = writeFolio(w, c.block(), bytes);
        return Transition.of(
                r.world(),
                () -> actor + " buffered-writes " + c.page() + " '" + bytes + "' into folio " + folioId(c.block())
                        + " (now dirty)" + r.note(),
                Set.of(Ref.page(folioId(c.block()))));
    }

    /** A store through the mapping; if the block is not cached yet, the page fault brings its folio in first. */
    static Transition mmapStore(World w, String actor, Instr.MmapStore m) {
        Write r = writeFolio(w, m.block(), m.bytes());
        return Transition.of(
                r.world(),
                () -> actor + " stores '" + m.bytes() + "' through its mapping of " + folioId(m.block()) + r.note(),
                Set.of(Ref.page(folioId(m.block()))));
    }

    private record Write(World world, String note) {}

    private static Write writeFolio(World w, int block, String bytes) {
        Page f = w.folio(block);
        if (f == null) {
            f = Page.cached(folioId(block), block, bytes);
        }
        String note = "";
        if (f.has(PageFlag.WRITEBACK)) {
            note = " while it is under writeback";
            w = w.withIncident(new Incident(
                    IncidentKind.STABLE_PAGE_CHANGED,
                    f.id() + " changed from '" + f.bytes() + "' to '" + bytes + "' during writeback",
                    new java.util.TreeSet<>(List.of(Ref.page(f.id())))));
        }
        Page updated = f.withBytes(bytes).withFlag(PageFlag.DIRTY, true).withFlag(PageFlag.UPTODATE, true);
        // what write(2) or a store put in the page cache is the file's data: a read may return it before writeback
        return new Write(w.withPage(updated).withStored(block, bytes), note);
    }

    static Optional<Wait> writebackWait(World w, List<Integer> blocks) {
        for (int block : blocks) {
            Page f = w.folio(block);
            if (f != null && f.has(PageFlag.LOCKED)) {
                return Optional.of(
                        new Wait("waits for the lock of " + f.id() + ", which a read is filling", readers(w, block)));
            }
            if (f != null && f.has(PageFlag.WRITEBACK)) {
                return Optional.of(new Wait("waits for the earlier writeback of " + f.id(), writers(w, block)));
            }
        }
        return Optional.empty();
    }

    static Transition writebackStart(World w, String actor, Instr.WritebackStart s) {
        List<Page> dirty = s.blocks().stream()
                .map(w::folio)
                .filter(f -> f != null && f.has(PageFlag.DIRTY))
                .toList();
        List<Page> pinned =
                s.skipPinned() ? dirty.stream().filter(f -> f.pins() > 0).toList() : List.of();
        if (!pinned.isEmpty() && pinned.size() == dirty.size()) {
            return Transition.of(
                    w.withMark(s.bio() + ":clean"),
                    () -> actor + " skips "
                            + String.join(", ", pinned.stream().map(Page::id).toList())
                            + ": folio_maybe_dma_pinned() says a device may be writing "
                            + "it, so it stays dirty for a later writeback (Hildenbrand's rule a)",
                    Set.of());
        }
        dirty = dirty.stream().filter(f -> !pinned.contains(f)).toList();
        if (dirty.isEmpty()) {
            return Transition.of(
                    w.withMark(s.bio() + ":clean"),
                    () -> actor + " finds nothing dirty in "
                            + String.join(
                                    ", ",
                                    s.blocks().stream().map(CacheSteps::folioId).toList())
                            + ": nothing to write back",
                    Set.of());
        }
        Set<Ref> changed = new java.util.HashSet<>();
        for (Page f : dirty) {
            w = w.withPage(f.withFlag(PageFlag.WRITEBACK, true).withFlag(PageFlag.DIRTY, false));
            changed.add(Ref.page(f.id()));
        }
        List<Page> started = dirty;
        return Transition.of(
                w,
                () -> actor + " starts writeback of "
                        + String.join(", ", started.stream().map(Page::id).toList())
                        + ": locks, sets writeback, clears dirty, unlocks: under writeback, but not locked",
                changed);
    }

    static Transition writebackEnd(World w, String actor, List<Integer> blocks) {
        Set<Ref> changed = new java.util.HashSet<>();
        for (int block : blocks) {
            Page f = w.folio(block);
            if (f != null && f.has(PageFlag.WRITEBACK)) {
                w = w.withPage(f.withFlag(PageFlag.WRITEBACK, false));
                changed.add(Ref.page(f.id()));
            }
        }
        return Transition.of(
                w,
                () -> actor + " ends writeback of "
                        + String.join(
                                ", ", blocks.stream().map(CacheSteps::folioId).toList()),
                changed);
    }

    /** Mark naming the reader that locked a folio to fill it: whom other readers of the block wait for. */
    static String fillMark(String folio, String actor) {
        return "fill:" + folio + "=" + actor;
    }

    /**
     * {@code w} without any reader's fill mark on {@code folio}, before a reader locks it to fill it: a mark left
     * from a fill that never ran (a partly cached read skips its I/O and drops the locked folio) would otherwise
     * stand beside the new filler's, and {@link #filler} would name whichever sorts first. The explorer's symmetry
     * reduction needs the one filler to be the one that locked it.
     */
    static World withoutFillMarks(World w, String folio) {
        String prefix = "fill:" + folio + "=";
        for (String m : w.marks()) {
            if (m.startsWith(prefix)) {
                w = w.withoutMark(m);
            }
        }
        return w;
    }

    /** The reader filling {@code folio}, or {@code null}. */
    static @Nullable String filler(World w, String folio) {
        String prefix = "fill:" + folio + "=";
        return w.marks().stream()
                .filter(m -> m.startsWith(prefix))
                .map(m -> m.substring(prefix.length()))
                .findFirst()
                .orElse(null);
    }

    /**
     * A reader that finds the block's folio locked and not yet uptodate waits, as filemap's read path does (folio
     * lock, then the uptodate check): another read is filling it, and its bytes are not data yet.
     */
    static Optional<Wait> readerWait(World w, Instr.AddFolio a) {
        Page f = w.folio(a.block());
        if (f == null || !f.has(PageFlag.LOCKED) || f.has(PageFlag.UPTODATE)) {
            return Optional.empty();
        }
        List<String> whom = new java.util.ArrayList<>(readers(w, a.block()));
        String filler = filler(w, f.id());
        if (filler != null && !whom.contains(filler)) {
            whom.add(filler);
        }
        return Optional.of(
                new Wait("waits for " + f.id() + " to become uptodate: another read locked it to fill it", whom));
    }

    static Transition addFolio(World w, String actor, Instr.AddFolio a) {
        Page cached = w.folio(a.block());
        if (cached != null && cached.has(PageFlag.UPTODATE)) {
            return Transition.of(
                    w.withPage(cached.pinned()).withMark(a.bio() + ":cached"),
                    () -> actor + " finds block " + a.block() + " cached in " + cached.id()
                            + ": takes a reference, served from the page cache",
                    Set.of(Ref.page(cached.id())));
        }
        if (cached != null) {
            // an earlier read left it unlocked but not uptodate (its verification failed): read it again
            Page relocked = cached.pinned().withFlag(PageFlag.LOCKED, true);
            return Transition.of(
                    withoutFillMarks(w, cached.id()).withPage(relocked).withMark(fillMark(cached.id(), actor)),
                    () -> actor + " finds "
                            + cached.id() + " not uptodate (an earlier read of it failed): locks it and reads block "
                            + a.block() + " into it again",
                    Set.of(Ref.page(cached.id())));
        }
        // A new folio is locked until the read fills it; the reader holds a reference until it drops it.
        Page f = new Page(
                folioId(a.block()),
                org.diolab.engine.model.PageKind.PAGE_CACHE,
                "?".repeat(4),
                1,
                false,
                Set.of(PageFlag.LOCKED),
                false,
                null,
                a.block());
        return Transition.of(
                withoutFillMarks(w, f.id()).withPage(f).withMark(fillMark(f.id(), actor)),
                () -> actor + " adds folio " + f.id() + " (locked) to the page cache to read block " + a.block()
                        + " into",
                Set.of(Ref.page(f.id())));
    }

    /**
     * RWF_DONTCACHE's drop: releases the caller's reference (readers took one) and drops the folio if it is clean and
     * nobody else holds it; a dirty, under-writeback or still-referenced folio stays, as it must.
     */
    static Transition drop(World w, String actor, Instr.DropFolio d) {
        Page f = w.folio(d.block());
        if (f == null) {
            return Transition.of(w, () -> actor + " finds " + folioId(d.block()) + " already dropped", Set.of());
        }
        if (d.ownReference()) {
            f = f.unpinned();
            w = w.withPage(f);
        }
        String id = f.id();
        if (f.has(PageFlag.DIRTY) || f.has(PageFlag.WRITEBACK) || f.pins() > 0) {
            return Transition.of(
                    w, () -> actor + " keeps " + id + ": it is dirty, under writeback or in use", Set.of(Ref.page(id)));
        }
        String how = d.why() == Instr.DropFolio.Why.DONTCACHE
                ? "(RWF_DONTCACHE)"
                : "(invalidate_mapping_pages after the fallback's writeback)";
        return Transition.of(
                w.withPage(f.released()),
                () -> actor + " drops " + id + " from the page cache " + how,
                Set.of(Ref.page(id)));
    }
}
