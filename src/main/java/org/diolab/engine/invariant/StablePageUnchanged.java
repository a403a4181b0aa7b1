package org.diolab.engine.invariant;

import java.util.List;
import org.diolab.engine.model.IncidentKind;
import org.diolab.engine.model.World;

/** {@code stable-page-unchanged-during-writeback}: A folio must not change while it is under writeback: each mirror, each checksum and each protection tag must see the same bytes (S003 scenario B). */
public record StablePageUnchanged() implements Invariant {
    @Override
    public String id() {
        return "stable-page-unchanged-during-writeback";
    }

    @Override
    public String explanation() {
        return "A folio must not change while it is under writeback: each mirror, each checksum and each protection tag must see the same bytes (S003 scenario B).";
    }

    @Override
    public List<Violation> check(World world) {
        return Incidents.of(world, IncidentKind.STABLE_PAGE_CHANGED, id());
    }

    @Override
    public boolean brokenIn(World world) {
        return Incidents.any(world, IncidentKind.STABLE_PAGE_CHANGED);
    }
}
