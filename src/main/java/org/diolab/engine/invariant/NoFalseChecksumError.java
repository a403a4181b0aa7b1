package org.diolab.engine.invariant;

import java.util.List;
import org.diolab.engine.model.IncidentKind;
import org.diolab.engine.model.World;

/** {@code no-false-checksum-error}: A read must not report a checksum error when the data on disk is fine; here the buffer changed between DMA and verification (S000). */
public record NoFalseChecksumError() implements Invariant {
    @Override
    public String id() {
        return "no-false-checksum-error";
    }

    @Override
    public String explanation() {
        return "A read must not report a checksum error when the data on disk is fine; here the buffer changed between DMA and verification (S000).";
    }

    @Override
    public List<Violation> check(World world) {
        return Incidents.of(world, IncidentKind.FALSE_CHECKSUM_ERROR, id());
    }

    @Override
    public boolean brokenIn(World world) {
        return Incidents.any(world, IncidentKind.FALSE_CHECKSUM_ERROR);
    }
}
