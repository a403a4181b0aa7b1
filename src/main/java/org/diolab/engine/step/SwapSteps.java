package org.diolab.engine.step;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.diolab.engine.model.Bio;
import org.diolab.engine.model.BioOp;
import org.diolab.engine.model.BioState;
import org.diolab.engine.model.Device;
import org.diolab.engine.model.Page;
import org.diolab.engine.model.PageFlag;
import org.diolab.engine.model.PageKind;
import org.diolab.engine.model.Ref;
import org.diolab.engine.model.World;
import org.jspecify.annotations.Nullable;

/**
 * Anonymous memory going to swap, the precedent David Hildenbrand points to (S003): pageout() writes a folio only once
 * it is unmapped with no unexpected references or pins, and do_swap_page() reuses a folio only if the swap device has
 * no SWP_STABLE_WRITES; otherwise the fault copies it, and the old folio stays with the swap I/O.
 *
 * <p>A page written out is marked {@code swapped:PAGE=DEVICE}: unmapped, so the next store or GUP faults.
 */
final class SwapSteps {
    private SwapSteps() {}

    private static String swappedPrefix(String page) {
        return "swapped:" + page + "=";
    }

    /** The swap device {@code page} was written out to while it is unmapped, or {@code null}. */
    static @Nullable String swappedTo(World w, String page) {
        String prefix = swappedPrefix(page);
        return w.marks().stream()
                .filter(m -> m.startsWith(prefix))
                .map(m -> m.substring(prefix.length()))
                .findFirst()
                .orElse(null);
    }

    static Transition pageOut(World w, String actor, Instr.PageOut po) {
        Page p = w.page(po.page());
        if (po.rules() == SwapRules.STABLE && p.pins() > 0) {
            return Transition.of(
                    w.withMark(po.bio() + ":kept"),
                    () -> actor + " tries pageout() of " + p.id() + ": it has "
                            + p.pins() + " GUP pin" + (p.pins() == 1 ? "" : "s") + ", an unexpected reference, so "
                            + p.id() + " stays mapped and is not written to " + po.device(),
                    Set.of());
        }
        Bio bio = Bio.built(po.bio(), BioOp.WRITE, List.of(p.id()), 0, po.device())
                .withState(BioState.SUBMITTED)
                .withIter(0);
        Bio clone = bio.cloneFor(po.device());
        Device d = w.device(po.device());
        World out = w.withPage(p.withFlag(PageFlag.WRITEBACK, true))
                .withMark(swappedPrefix(p.id()) + po.device())
                .withBio(bio)
                .withBio(clone)
                .withDevice(d.enqueue(clone.id()));
        String pins = p.pins() > 0 ? " although it is pinned (" + p.pins() + ")" : "; nothing pins it";
        return Transition.of(
                out,
                () -> actor + " writes " + p.id() + " out to " + po.device() + ": unmaps it from the "
                        + "process, sets writeback and submits " + po.bio() + pins,
                Set.of(Ref.page(p.id()), Ref.bio(bio.id()), Ref.bio(clone.id())));
    }

    static Transition writebackEnd(World w, String actor, Instr.SwapWritebackEnd e) {
        String page = w.bio(e.bio()).pages().getFirst();
        Page p = w.page(page);
        return Transition.of(
                w.withPage(p.withFlag(PageFlag.WRITEBACK, false)),
                () -> actor + " ends the swap writeback of " + page + "; it stays in the swap cache, clean",
                Set.of(Ref.page(page)));
    }

    /** What a fault on a swapped-out page did: the world after it, a note for the action, the objects changed. */
    record Fault(World world, String note, Set<Ref> changed) {
        static Fault none(World w) {
            return new Fault(w, "", Set.of());
        }
    }

    /**
     * If {@code pageId} was swapped out, the access by {@code actor} faults it back in (do_swap_page): on a swap
     * device with stable writes, under {@link SwapRules#STABLE}, a page still under writeback is copied and the copy
     * mapped; otherwise the page itself is mapped again.
     */
    static Fault faultIn(World w, String pageId, SwapRules rules) {
        String device = swappedTo(w, pageId);
        if (device == null) {
            return Fault.none(w);
        }
        Page p = w.page(pageId);
        World out = w.withoutMark(swappedPrefix(pageId) + device);
        boolean stable = w.device(device).stableWrites();
        if (rules == SwapRules.STABLE && stable && p.has(PageFlag.WRITEBACK)) {
            String old = pageId + "~swap";
            Page cache = new Page(old, PageKind.PAGE_CACHE, p.bytes(), p.pins(), false, p.flags(), false, null, -1);
            out = out.withPage(cache).withPage(Page.user(pageId, p.bytes()));
            for (Bio b : w.bios().values()) {
                if (b.pages().contains(pageId)) {
                    List<String> pages = new ArrayList<>(b.pages());
                    pages.replaceAll(x -> x.equals(pageId) ? old : x);
                    out = out.withBio(new Bio(
                            b.id(),
                            b.op(),
                            pages,
                            b.block(),
                            b.target(),
                            b.state(),
                            b.parent(),
                            b.iter(),
                            b.freed(),
                            b.sums()));
                }
            }
            return new Fault(
                    out,
                    " (do_swap_page: " + device + " has SWP_STABLE_WRITES and " + pageId + " is under "
                            + "writeback, so the fault copies it: the old page, " + old + ", stays with the swap I/O)",
                    new TreeSet<>(Set.of(Ref.page(pageId), Ref.page(old))));
        }
        String why = p.has(PageFlag.WRITEBACK) ? " while it is still under writeback" : "";
        return new Fault(
                out, " (do_swap_page maps " + pageId + " back in and reuses it" + why + ")", Set.of(Ref.page(pageId)));
    }
}
