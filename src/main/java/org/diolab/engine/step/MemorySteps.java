package org.diolab.engine.step;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.diolab.engine.model.Incident;
import org.diolab.engine.model.IncidentKind;
import org.diolab.engine.model.Page;
import org.diolab.engine.model.PageFlag;
import org.diolab.engine.model.Ref;
import org.diolab.engine.model.World;

/** Kernel pages: bounce allocation (which may sleep), copies between user and kernel pages, freeing. */
final class MemorySteps {
    private MemorySteps() {}

    static Transition alloc(World w, String actor, Instr.AllocBounce a) {
        Set<Ref> changed = new HashSet<>();
        for (String id : a.pages()) {
            w = w.withPage(Page.bounce(id, 4));
            changed.add(Ref.page(id));
        }
        if (a.nowait()) {
            w = w.withIncident(new Incident(
                    IncidentKind.NOWAIT_SLEPT,
                    actor + " allocated " + String.join(", ", a.pages())
                            + " with an allocation that may sleep, in a NOWAIT I/O",
                    changed));
        }
        return Transition.of(
                w,
                () -> actor + " allocates bounce page " + String.join(", ", a.pages())
                        + (a.nowait() ? " (GFP_NOFS: may sleep, yet the I/O was NOWAIT)" : ""),
                changed);
    }

    static Transition copy(World w, String actor, List<String> from, List<String> to, String what) {
        Set<Ref> changed = new HashSet<>();
        List<String> parts = new ArrayList<>();
        for (int i = 0; i < from.size(); i++) {
            Page src = w.page(from.get(i));
            Page dst = w.page(to.get(i));
            if (dst.has(PageFlag.WRITEBACK) && !dst.bytes().equals(src.bytes())) {
                // a copy into a page being written back changes the data under the device's feet (S003, Kara)
                w = w.withIncident(new Incident(
                        IncidentKind.STABLE_PAGE_CHANGED,
                        dst.id() + " changed from '" + dst.bytes() + "' to '" + src.bytes() + "' during writeback",
                        List.of(Ref.page(dst.id()))));
            }
            Page updated = dst.withBytes(src.bytes());
            if (dst.kind() == org.diolab.engine.model.PageKind.PAGE_CACHE && dst.has(PageFlag.UPTODATE)) {
                updated = updated.withFlag(PageFlag.DIRTY, true);
                w = w.withStored(dst.block(), src.bytes());
            }
            w = w.withPage(updated).withoutMark(to.get(i) + ":user-stored");
            changed.add(Ref.page(to.get(i)));
            parts.add(src.id() + " '" + src.bytes() + "' → " + to.get(i));
        }
        return Transition.of(w, () -> actor + " " + what + ": " + String.join(", ", parts), changed);
    }

    static Transition free(World w, String actor, List<String> pages) {
        Set<Ref> changed = new HashSet<>();
        for (String id : pages) {
            w = w.withPage(w.page(id).released());
            changed.add(Ref.page(id));
        }
        return Transition.of(w, () -> actor + " frees " + String.join(", ", pages), changed);
    }
}
