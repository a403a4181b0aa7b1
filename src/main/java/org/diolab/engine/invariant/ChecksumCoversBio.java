package org.diolab.engine.invariant;

import java.util.ArrayList;
import java.util.List;
import org.diolab.engine.model.Bio;
import org.diolab.engine.model.CsumWork;
import org.diolab.engine.model.Ref;
import org.diolab.engine.model.World;

/**
 * Once a checksum worker has run, it has checksummed every block of its bio. S004: without the saved iterator the
 * worker may walk a bi_iter that submission already advanced, and "do not generate any checksum".
 */
public record ChecksumCoversBio() implements Invariant {
    @Override
    public String id() {
        return "checksum-covers-bio";
    }

    @Override
    public String explanation() {
        return "The checksum work for a bio must cover every block of it; a worker that walks an already-advanced "
                + "bi_iter checksums nothing, and the blocks go to disk without checksums (S004).";
    }

    @Override
    public List<Violation> check(World world) {
        List<Violation> out = new ArrayList<>();
        for (CsumWork k : world.work().values()) {
            Bio bio = world.bios().get(k.bio());
            if (k.done() && bio != null && k.covered() < bio.pages().size()) {
                out.add(new Violation(
                        id(),
                        k.id() + " checksummed " + k.covered() + " of "
                                + bio.pages().size() + " block" + (bio.pages().size() == 1 ? "" : "s") + " of "
                                + bio.id(),
                        new java.util.TreeSet<>(List.of(Ref.work(k.id()), Ref.bio(bio.id())))));
            }
        }
        return out;
    }
}
