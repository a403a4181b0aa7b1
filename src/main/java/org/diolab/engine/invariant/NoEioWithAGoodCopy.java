package org.diolab.engine.invariant;

import java.util.List;
import org.diolab.engine.model.IncidentKind;
import org.diolab.engine.model.World;

/**
 * {@code no-eio-with-a-good-copy}: while one copy of a block still matches its checksum, a read of it succeeds. On a
 * redundant profile btrfs does not fail a read whose copy fails verification: it reads the next mirror, verifies it,
 * returns it and rewrites the bad copy (read repair, fs/btrfs/bio.c). A read that still ends in EIO beside a good copy
 * was defeated by something else, such as a buffer that changed under every attempt (S000).
 */
public record NoEioWithAGoodCopy() implements Invariant {
    @Override
    public String id() {
        return "no-eio-with-a-good-copy";
    }

    @Override
    public String explanation() {
        return "While one copy of a block still matches its checksum, a read of it must succeed: btrfs reads the next "
                + "mirror, verifies it and rewrites the bad copy (read repair).";
    }

    @Override
    public List<Violation> check(World world) {
        return Incidents.of(world, IncidentKind.EIO_WITH_GOOD_COPY, id());
    }

    @Override
    public boolean brokenIn(World world) {
        return Incidents.any(world, IncidentKind.EIO_WITH_GOOD_COPY);
    }
}
