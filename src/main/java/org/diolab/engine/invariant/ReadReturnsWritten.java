package org.diolab.engine.invariant;

import java.util.List;
import org.diolab.engine.model.IncidentKind;
import org.diolab.engine.model.World;

/** {@code read-returns-written}: A successful read returns bytes that some write stored in that block, never a mix-up of other blocks or buffers. */
public record ReadReturnsWritten() implements Invariant {
    @Override
    public String id() {
        return "read-returns-written";
    }

    @Override
    public String explanation() {
        return "A successful read returns bytes that some write stored in that block, never a mix-up of other blocks or buffers.";
    }

    @Override
    public List<Violation> check(World world) {
        return Incidents.of(world, IncidentKind.READ_RETURNED_UNWRITTEN, id());
    }

    @Override
    public boolean brokenIn(World world) {
        return Incidents.any(world, IncidentKind.READ_RETURNED_UNWRITTEN);
    }
}
