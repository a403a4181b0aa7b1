package org.diolab.engine.step;

import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.diolab.engine.model.Page;
import org.diolab.engine.model.Ref;
import org.diolab.engine.model.World;

/** Pins (plain and Jan Kara's exclusive ones) and the user stores they do or do not hold off. */
final class PinSteps {
    private PinSteps() {
    }

    static Transition pin(World w, String actor, Instr.Pin p) {
        Set<Ref> changed = new HashSet<>();
        for (String id : p.pages()) {
            Page page = w.page(id).pinned();
            w = w.withPage(p.writeProtect() ? page.withWriteProtected(true) : page);
            changed.add(Ref.page(id));
        }
        String how = p.writeProtect() ? "and write-protects the user mapping (Kara's rule c)"
                : "(FOLL_PIN); the pages stay writable";
        return Transition.of(w, actor + " pins " + String.join(", ", p.pages()) + " " + how, changed);
    }

    static Transition unpin(World w, String actor, List<String> pages) {
        Set<Ref> changed = new HashSet<>();
        for (String id : pages) {
            Page page = w.page(id).unpinned();
            w = w.withPage(page.pins() == 0 ? page.withWriteProtected(false) : page);
            changed.add(Ref.page(id));
        }
        return Transition.of(w, actor + " unpins " + String.join(", ", pages), changed);
    }

    static Optional<Wait> exclusiveWait(World w, String actor, List<String> pages) {
        for (String id : pages) {
            String holder = w.page(id).exclusiveHolder();
            if (holder != null && !holder.equals(actor)) {
                return Optional.of(new Wait("waits for the exclusive pin on " + id + " held by " + holder,
                        List.of(holder)));
            }
        }
        return Optional.empty();
    }

    static Transition exclusivePin(World w, String actor, String pageId) {
        w = w.withPage(w.page(pageId).pinned().withExclusiveHolder(actor));
        return Transition.of(w, actor + " takes an exclusive pin on " + pageId + ": other I/O to it must wait",
                Set.of(Ref.page(pageId)));
    }

    /** All or nothing: exclusive pins on every page when none is pinned by anybody, else none and a fallback mark. */
    static Transition tryExclusive(World w, String actor, Instr.TryExclusivePins t) {
        boolean free = t.pages().stream().map(w::page).allMatch(p -> p.exclusiveHolder() == null && p.pins() == 0);
        if (!free) {
            return Transition.of(w.withMark(t.bio() + ":fallback"), actor + " cannot pin "
                    + String.join(", ", t.pages()) + " exclusively (someone holds a pin): falls back to uncached I/O",
                    Set.of());
        }
        Set<Ref> changed = new HashSet<>();
        for (String id : t.pages()) {
            w = w.withPage(w.page(id).pinned().withExclusiveHolder(actor));
            changed.add(Ref.page(id));
        }
        return Transition.of(w.withMark(t.bio() + ":exclusive"), actor + " pins " + String.join(", ", t.pages())
                + " exclusively and goes direct", changed);
    }

    static Transition exclusiveUnpin(World w, String actor, List<String> pages) {
        Set<Ref> changed = new HashSet<>();
        for (String id : pages) {
            w = w.withPage(w.page(id).unpinned().withExclusiveHolder(null));
            changed.add(Ref.page(id));
        }
        return Transition.of(w, actor + " drops its exclusive pins on " + String.join(", ", pages), changed);
    }

    static Optional<Wait> storeWait(World w, String pageId) {
        Page p = w.page(pageId);
        if (p.writeProtected() && p.pins() > 0) {
            return Optional.of(new Wait("faults on " + pageId + ": write-protected while pinned, waits for the pin to go",
                    List.of()));
        }
        return Optional.empty();
    }

    static Transition store(World w, String actor, String pageId, String bytes) {
        Page p = w.page(pageId);
        String pins = p.pins() > 0 ? " although it is pinned (" + p.pins() + ")" : "";
        return Transition.of(w.withPage(p.withBytes(bytes)).withMark(pageId + ":user-stored"),
                actor + " writes '" + bytes + "' into " + pageId + pins, Set.of(Ref.page(pageId)));
    }
}
