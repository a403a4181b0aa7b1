package org.diolab.engine.invariant;

import java.util.List;
import org.diolab.engine.model.IncidentKind;
import org.diolab.engine.model.World;

/** {@code nowait-never-blocks}: An I/O flagged NOWAIT must never do anything that may sleep; if it would have to, it returns -EAGAIN instead (S000: bounce allocation may sleep). */
public record NowaitNeverBlocks() implements Invariant {
    @Override
    public String id() {
        return "nowait-never-blocks";
    }

    @Override
    public String explanation() {
        return "An I/O flagged NOWAIT must never do anything that may sleep; if it would have to, it returns -EAGAIN instead (S000: bounce allocation may sleep).";
    }

    @Override
    public List<Violation> check(World world) {
        return Incidents.of(world, IncidentKind.NOWAIT_SLEPT, id());
    }

    @Override
    public boolean brokenIn(World world) {
        return Incidents.any(world, IncidentKind.NOWAIT_SLEPT);
    }
}
