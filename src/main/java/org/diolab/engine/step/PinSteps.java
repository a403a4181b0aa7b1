package org.diolab.engine.step;

import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.diolab.engine.model.Incident;
import org.diolab.engine.model.IncidentKind;
import org.diolab.engine.model.Page;
import org.diolab.engine.model.PageFlag;
import org.diolab.engine.model.PageKind;
import org.diolab.engine.model.Ref;
import org.diolab.engine.model.World;

/** Pins (plain and Jan Kara's exclusive ones) and the user stores they do or do not hold off. */
final class PinSteps {
    private PinSteps() {}

    static Transition pin(World w, String actor, Instr.Pin p) {
        Set<Ref> changed = new HashSet<>();
        StringBuilder faults = new StringBuilder();
        for (String id : p.pages()) {
            SwapSteps.Fault f = SwapSteps.faultIn(w, id, p.swap()); // GUP faults a swapped-out page in first
            w = f.world();
            faults.append(f.note());
            changed.addAll(f.changed());
            Page page = w.page(id).pinned();
            if (p.forWrite() && page.kind() == PageKind.PAGE_CACHE && page.has(PageFlag.UPTODATE)) {
                page = page.withFlag(PageFlag.DIRTY, true); // a write fault on a file page: it will be changed
                faults.append(" (a write fault: ").append(id).append(" is dirty now)");
            }
            w = w.withPage(p.writeProtect() ? page.withWriteProtected(true) : page);
            changed.add(Ref.page(id));
        }
        String flag = p.forWrite() ? "FOLL_PIN | FOLL_WRITE" : "FOLL_PIN";
        String how = p.writeProtect()
                ? "(" + flag + ") and write-protects the user mapping (Kara's rule c)"
                : "(" + flag + "); the pages stay writable";
        return Transition.of(w, () -> actor + " pins " + String.join(", ", p.pages()) + " " + how + faults, changed);
    }

    /**
     * Kara's rule c: no FOLL_WRITE pin while anybody else holds a pin on the page. (Only with write-protect-on-pin;
     * without it nothing checks.)
     */
    static Optional<Wait> pinWait(World w, Instr.Pin p) {
        if (p.forWrite() && p.folioWait().waits()) {
            for (String id : p.pages()) {
                Page page = w.page(id);
                if (page.kind() == PageKind.PAGE_CACHE && page.has(PageFlag.WRITEBACK)) {
                    String who = p.folioWait().who();
                    return Optional.of(new Wait(
                            "GUP faults on " + id + " for writing; " + who + " waits until its " + "writeback ends",
                            CacheSteps.writers(w, page.block())));
                }
            }
        }
        if (!p.writeProtect() || !p.forWrite()) {
            return Optional.empty();
        }
        for (String id : p.pages()) {
            Page page = w.page(id);
            if (page.pins() > 0) {
                return Optional.of(new Wait(
                        "may not take a FOLL_WRITE pin on " + id + " while it has other pins "
                                + "(Kara's rule c); waits for them to go",
                        List.of()));
            }
        }
        return Optional.empty();
    }

    static Transition unpin(World w, String actor, List<String> pages) {
        Set<Ref> changed = new HashSet<>();
        for (String id : pages) {
            Page page = w.page(id).unpinned();
            w = w.withPage(page.pins() == 0 ? page.withWriteProtected(false) : page);
            changed.add(Ref.page(id));
        }
        return Transition.of(w, () -> actor + " unpins " + String.join(", ", pages), changed);
    }

    static Optional<Wait> exclusiveWait(World w, String actor, List<String> pages) {
        for (String id : pages) {
            String holder = w.page(id).exclusiveHolder();
            if (holder != null && !holder.equals(actor)) {
                return Optional.of(
                        new Wait("waits for the exclusive pin on " + id + " held by " + holder, List.of(holder)));
            }
        }
        return Optional.empty();
    }

    static Transition exclusivePin(World w, String actor, String pageId) {
        w = w.withPage(w.page(pageId).pinned().withExclusiveHolder(actor));
        return Transition.of(
                w,
                () -> actor + " takes an exclusive pin on " + pageId + ": other I/O to it must wait",
                Set.of(Ref.page(pageId)));
    }

    /** All or nothing: exclusive pins on every page when none is pinned by anybody, else none and a fallback mark. */
    static Transition tryExclusive(World w, String actor, Instr.TryExclusivePins t) {
        boolean free = t.pages().stream().map(w::page).allMatch(p -> p.exclusiveHolder() == null && p.pins() == 0);
        if (!free) {
            return Transition.of(
                    w.withMark(t.bio() + ":fallback"),
                    () -> actor + " cannot pin " + String.join(", ", t.pages())
                            + " exclusively (someone holds a pin): falls back to uncached I/O",
                    Set.of());
        }
        Set<Ref> changed = new HashSet<>();
        for (String id : t.pages()) {
            w = w.withPage(w.page(id).pinned().withExclusiveHolder(actor));
            changed.add(Ref.page(id));
        }
        return Transition.of(
                w.withMark(t.bio() + ":exclusive"),
                () -> actor + " pins " + String.join(", ", t.pages()) + " exclusively and goes direct",
                changed);
    }

    static Transition exclusiveUnpin(World w, String actor, List<String> pages) {
        Set<Ref> changed = new HashSet<>();
        for (String id : pages) {
            w = w.withPage(w.page(id).unpinned().withExclusiveHolder(null));
            changed.add(Ref.page(id));
        }
        return Transition.of(w, () -> actor + " drops its exclusive pins on " + String.join(", ", pages), changed);
    }

    static Optional<Wait> storeWait(World w, String pageId) {
        if (SwapSteps.swappedTo(w, pageId) != null) {
            return Optional.empty(); // the store faults the page back in first, see store()
        }
        Page p = w.page(pageId);
        if (p.writeProtected() && p.pins() > 0) {
            return Optional.of(new Wait(
                    "faults on " + pageId + ": write-protected while pinned, waits for the pin to go", List.of()));
        }
        return Optional.empty();
    }

    static Transition store(World w, String actor, Instr.Store s) {
        SwapSteps.Fault f = SwapSteps.faultIn(w, s.page(), s.swap());
        w = f.world();
        Page p = w.page(s.page());
        String pins = (p.pins() > 0 ? " although it is pinned (" + p.pins() + ")" : "")
                + (p.has(PageFlag.WRITEBACK) ? " and under writeback" : "");
        if (p.has(PageFlag.WRITEBACK)) {
            w = w.withIncident(new Incident(
                    IncidentKind.STABLE_PAGE_CHANGED,
                    p.id() + " changed from '" + p.bytes() + "' to '" + s.bytes() + "' during writeback",
                    List.of(Ref.page(p.id()))));
        }
        Set<Ref> changed = new HashSet<>(f.changed());
        changed.add(Ref.page(s.page()));
        return Transition.of(
                w.withPage(p.withBytes(s.bytes())).withMark(s.page() + ":user-stored"),
                () -> actor + " writes '" + s.bytes() + "' into " + s.page() + pins + f.note(),
                changed);
    }
}
