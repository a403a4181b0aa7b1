package org.diolab.engine.invariant;

import java.util.List;
import org.diolab.engine.model.IncidentKind;
import org.diolab.engine.model.World;

/** The invariants that forbid an event rather than a state: each violation is one recorded incident. */
final class Incidents {
    private Incidents() {}

    static boolean any(World w, IncidentKind kind) {
        for (var i : w.incidents()) {
            if (i.kind() == kind) {
                return true;
            }
        }
        return false;
    }

    static List<Violation> of(World w, IncidentKind kind, String invariant) {
        return w.incidents().stream()
                .filter(i -> i.kind() == kind)
                .map(i -> new Violation(invariant, i.detail(), i.refs()))
                .toList();
    }
}
