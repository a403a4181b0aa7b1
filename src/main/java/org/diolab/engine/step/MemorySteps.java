package org.diolab.engine.step;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.diolab.engine.model.Incident;
import org.diolab.engine.model.IncidentKind;
import org.diolab.engine.model.Page;
import org.diolab.engine.model.Ref;
import org.diolab.engine.model.World;

/** Kernel pages: bounce allocation (which may sleep), copies between user and kernel pages, freeing. */
final class MemorySteps {
    private MemorySteps() {
    }

    static Transition alloc(World w, String actor, Instr.AllocBounce a) {
        Set<Ref> changed = new HashSet<>();
        for (String id : a.pages()) {
            w = w.withPage(Page.bounce(id, 4));
            changed.add(Ref.page(id));
        }
        String action = actor + " allocates bounce page " + String.join(", ", a.pages());
        if (a.nowait()) {
            w = w.withIncident(new Incident(IncidentKind.NOWAIT_SLEPT, actor + " allocated " + String.join(", ",
                    a.pages()) + " with an allocation that may sleep, in a NOWAIT I/O", changed));
            action += " (GFP_NOFS: may sleep, yet the I/O was NOWAIT)";
        }
        return Transition.of(w, action, changed);
    }

    static Transition copy(World w, String actor, List<String> from, List<String> to, String what) {
        Set<Ref> changed = new HashSet<>();
        List<String> parts = new ArrayList<>();
        for (int i = 0; i < from.size(); i++) {
            Page src = w.page(from.get(i));
            w = w.withPage(w.page(to.get(i)).withBytes(src.bytes())).withoutMark(to.get(i) + ":user-stored");
            changed.add(Ref.page(to.get(i)));
            parts.add(src.id() + " '" + src.bytes() + "' → " + to.get(i));
        }
        return Transition.of(w, actor + " " + what + ": " + String.join(", ", parts), changed);
    }

    static Transition free(World w, String actor, List<String> pages) {
        Set<Ref> changed = new HashSet<>();
        for (String id : pages) {
            w = w.withPage(w.page(id).released());
            changed.add(Ref.page(id));
        }
        return Transition.of(w, actor + " frees " + String.join(", ", pages), changed);
    }
}
