package org.diolab.engine.invariant;

import java.util.List;
import org.diolab.engine.model.IncidentKind;
import org.diolab.engine.model.World;

/** {@code no-use-after-free}: Nothing touches memory after it was freed: S004's end_io must wait for csum_done before the bio and its checksum state go away. */
public record NoUseAfterFree() implements Invariant {
    @Override
    public String id() {
        return "no-use-after-free";
    }

    @Override
    public String explanation() {
        return "Nothing touches memory after it was freed: S004's end_io must wait for csum_done before the bio and its checksum state go away.";
    }

    @Override
    public List<Violation> check(World world) {
        return Incidents.of(world, IncidentKind.USE_AFTER_FREE, id());
    }

    @Override
    public boolean brokenIn(World world) {
        return Incidents.any(world, IncidentKind.USE_AFTER_FREE);
    }
}
