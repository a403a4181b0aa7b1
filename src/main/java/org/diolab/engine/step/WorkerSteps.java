package org.diolab.engine.step;

import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.diolab.engine.model.Bio;
import org.diolab.engine.model.CsumWork;
import org.diolab.engine.model.Incident;
import org.diolab.engine.model.IncidentKind;
import org.diolab.engine.model.Ref;
import org.diolab.engine.model.World;

/**
 * The kworker that runs btrfs's async checksum work (S004): it checksums the blocks its iterator covers — the saved
 * copy if there is one, else the bio's live iterator, which submission may already have emptied — then completes
 * csum_done. If end_io already freed the bio, it is touching freed memory.
 */
public final class WorkerSteps {
    public static final String KWORKER = "kworker";

    private WorkerSteps() {}

    public static boolean hasWork(World w) {
        return w.work().values().stream().anyMatch(k -> !k.done());
    }

    public static Transition serve(World w) {
        CsumWork k = w.work().values().stream()
                .filter(x -> !x.done())
                .findFirst()
                .orElseThrow(() -> new IllegalStateException("kworker has nothing queued"));
        Bio bio = w.bio(k.bio());
        Set<Ref> changed = new TreeSet<>(List.of(Ref.work(k.id())));
        String prefix = KWORKER + " runs " + k.id() + ": "
                + (bio.freed() ? "USE-AFTER-FREE: " + bio.id() + " was already freed by end_io; " : "");
        if (bio.freed()) {
            w = w.withIncident(new Incident(
                    IncidentKind.USE_AFTER_FREE,
                    KWORKER + " read " + bio.id() + " after end_io freed it",
                    new TreeSet<>(List.of(Ref.bio(bio.id()), Ref.work(k.id())))));
        }
        int blocks = k.savedIter() >= 0 ? k.savedIter() : bio.iter();
        String source =
                k.savedIter() >= 0 ? "the saved iterator (" + blocks + ")" : "the live bi_iter (" + blocks + ")";
        BioSteps.Csummed c = BioSteps.csum(w, bio, blocks);
        changed.addAll(c.changed());
        World after = c.world().withWork(k.completed(blocks));
        return Transition.of(
                after,
                () -> prefix + "walks " + source + " and checksums " + c.summary() + "; completes csum_done",
                changed);
    }
}
