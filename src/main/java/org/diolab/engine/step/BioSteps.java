package org.diolab.engine.step;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.diolab.engine.model.Bio;
import org.diolab.engine.model.BioOp;
import org.diolab.engine.model.BioState;
import org.diolab.engine.model.Crc32c;
import org.diolab.engine.model.CsumWork;
import org.diolab.engine.model.IoResult;
import org.diolab.engine.model.Page;
import org.diolab.engine.model.PageFlag;
import org.diolab.engine.model.Ref;
import org.diolab.engine.model.Volume;
import org.diolab.engine.model.World;

/** Building, checksumming, submitting and completing bios, and what a read returns. */
final class BioSteps {
    private BioSteps() {}

    /**
     * A read and a write of the same range do not overlap: the one that comes second waits until the first has run
     * end_io, as btrfs serialises them on the extent range (a read waits for the ordered extent; direct I/O locks the
     * range until completion). Otherwise a read could see new data beside the checksum it looked up for the old.
     */
    static Optional<Wait> orderedWait(World w, Instr.BuildBio b) {
        for (int i = 0; i < b.pages().size(); i++) {
            int block = b.block() + i;
            Optional<Bio> other = w.bios().values().stream()
                    .filter(x -> !x.isClone()
                            && x.op() != b.op()
                            && x.state() != BioState.DONE
                            && x.covers(block)
                            && !x.id().equals(b.bio()))
                    .findFirst();
            if (other.isPresent()) {
                List<String> legs = w.bios().values().stream()
                        .filter(c -> other.get().id().equals(c.parent()) && c.state() != BioState.DONE)
                        .map(Bio::target)
                        .toList();
                String what = other.get().op() == BioOp.WRITE ? "the ordered extent of " : "the read ";
                return Optional.of(
                        new Wait("waits for " + what + other.get().id() + " (block " + block + ") to complete", legs));
            }
        }
        return Optional.empty();
    }

    static Transition build(World w, String actor, Instr.BuildBio b) {
        Bio bio = Bio.built(b.bio(), b.op(), b.pages(), b.block(), b.target());
        String dir = b.op() == BioOp.WRITE ? "from" : "into";
        return Transition.of(
                w.withBio(bio),
                () -> actor + " builds " + b.op().name().toLowerCase() + " bio " + b.bio() + ": bvecs point " + dir
                        + " " + String.join(", ", b.pages()) + " (block " + b.block() + ")",
                Set.of(Ref.bio(b.bio())));
    }

    static Transition computeCsum(World w, String actor, String bioId) {
        Bio bio = w.bio(bioId);
        Csummed c = csum(w, bio, bio.pages().size());
        return Transition.of(
                c.world(), () -> actor + " computes checksums of " + bioId + ": " + c.summary(), c.changed());
    }

    /**
     * Checksums the first {@code blocks} bvecs of {@code bio} from its pages as they are now, into the bio's pending
     * sums; they reach the checksum table at end_io.
     */
    static Csummed csum(World w, Bio bio, int blocks) {
        List<String> parts = new ArrayList<>();
        for (int i = 0; i < blocks; i++) {
            Page p = w.page(bio.pages().get(i));
            long crc = Crc32c.of(p.bytes());
            bio = bio.withSum(bio.block() + i, crc);
            parts.add("block " + (bio.block() + i) + " = crc32c('" + p.bytes() + "') = " + Crc32c.hex(crc));
        }
        return new Csummed(
                w.withBio(bio),
                Set.of(Ref.bio(bio.id())),
                parts.isEmpty() ? "nothing (empty iterator)" : String.join(", ", parts));
    }

    record Csummed(World world, Set<Ref> changed, String summary) {}

    static Transition queueCsum(World w, String actor, Instr.QueueCsum q) {
        Bio bio = w.bio(q.bio());
        CsumWork work = CsumWork.queued(q.bio(), q.saveIter() ? bio.iter() : -1);
        String saved = q.saveIter()
                ? "saving bi_iter (" + bio.iter() + " block" + (bio.iter() == 1 ? "" : "s") + ") in csum_saved_iter"
                : "without saving bi_iter";
        return Transition.of(
                w.withWork(work),
                () -> actor + " queues checksum work for " + q.bio() + " " + saved,
                Set.of(Ref.work(work.id())));
    }

    static Transition submit(World w, String actor, String bioId) {
        Bio bio = w.bio(bioId);
        Set<Ref> changed = new HashSet<>();
        if (bio.op() == BioOp.READ) {
            // btrfs looks the expected checksums up when it submits a read (btrfs_lookup_bio_sums), not at verify time
            for (int i = 0; i < bio.pages().size(); i++) {
                Long sum = w.csums().get(bio.block() + i);
                if (sum != null && !w.inode().nodatasum(bio.block() + i)) {
                    bio = bio.withSum(bio.block() + i, sum);
                }
            }
        }
        // Submission advances bi_iter: whoever reads the live iterator afterwards sees nothing left (S004).
        w = w.withBio(bio.withState(BioState.SUBMITTED).withIter(0));
        changed.add(Ref.bio(bioId));
        List<Bio> clones = clones(w, bio);
        for (Bio clone : clones) {
            w = w.withBio(clone);
            w = w.withDevice(w.device(clone.target()).enqueue(clone.id()));
            changed.add(Ref.bio(clone.id()));
        }
        List<String> legs = clones.stream().map(Bio::target).toList();
        String how;
        if (w.volume().layout() == Volume.Layout.PARITY && bio.op() == BioOp.WRITE) {
            how = " to data leg" + (legs.size() > 2 ? "s " : " ") + String.join(", ", legs.subList(0, legs.size() - 1))
                    + " and its parity to " + legs.getLast();
        } else if (legs.size() > 1) {
            how = " and clones it to " + String.join(", ", legs) + "; every clone shares the same bvecs";
        } else {
            how = " to " + legs.getFirst();
        }
        return Transition.of(w, () -> actor + " submits " + bioId + how, changed);
    }

    /**
     * The per-device bios a submitted bio becomes: a read goes to its one leg; a write is cloned to every leg of a
     * mirror, or, on a parity array, split over the data legs that hold its blocks plus one bio of the stripe's parity
     * pages (computed by {@link ParitySteps#compute}) to the parity leg.
     */
    private static List<Bio> clones(World w, Bio bio) {
        Volume v = w.volume();
        if (bio.op() == BioOp.READ || v.legs().contains(bio.target())) {
            return List.of(bio.cloneFor(bio.target())); // a read, or a repair write of one bad copy, goes to one leg
        }
        if (v.layout() != Volume.Layout.PARITY) {
            return v.legs().stream().map(bio::cloneFor).toList();
        }
        List<Bio> out = new ArrayList<>();
        for (String leg : v.dataLegs()) {
            List<String> pages = new ArrayList<>();
            int first = -1;
            for (int i = 0; i < bio.pages().size(); i++) {
                if (v.legsHolding(bio.block() + i).contains(leg)) {
                    pages.add(bio.pages().get(i));
                    first = first < 0 ? bio.block() + i : first;
                }
            }
            if (!pages.isEmpty()) {
                out.add(bio.cloneFor(leg, pages, first));
            }
        }
        int stripe = v.stripeOf(bio.block());
        out.add(bio.cloneFor(v.parityLeg(), List.of(ParitySteps.parityPage(bio.id(), stripe)), stripe));
        return out;
    }

    /** Loops, not streams: asked of every thread waiting for its I/O in every state the explorer expands. */
    static Optional<Wait> awaitWait(World w, Instr.AwaitBio a) {
        Bio busy = w.firstCloneNotDone(a.bio());
        if (busy != null) {
            return Optional.of(new Wait("waits for " + busy.id() + " to complete", List.of(busy.target())));
        }
        if (!a.waitCsum()) {
            return Optional.empty();
        }
        for (CsumWork k : w.work().values()) {
            if (k.bio().equals(a.bio()) && !k.done()) {
                return Optional.of(new Wait("end_io waits for csum_done of " + k.id(), List.of(WorkerSteps.KWORKER)));
            }
        }
        return Optional.empty();
    }

    static Transition endIo(World w, String actor, String bioId) {
        Bio bio = w.bio(bioId);
        Set<Ref> changed = new HashSet<>(Set.of(Ref.bio(bioId)));
        if (bio.op() == BioOp.WRITE) {
            for (var e : bio.sums().entrySet()) {
                w = w.withCsum(e.getKey(), e.getValue()); // the ordered extent completes: its sums enter the table
                changed.add(Ref.csum(e.getKey()));
            }
        }
        if (bio.op() == BioOp.READ && w.inode().nodatasum(bio.block())) {
            w = unlockFolios(w, bio, changed, Set.of()); // nothing to verify: the folios are valid now
        }
        World after = w.withBio(bio.withState(BioState.DONE).released());
        String sums =
                bio.op() == BioOp.READ || bio.sums().isEmpty() ? "" : "; its checksums go into the checksum table";
        if (bio.op() == BioOp.WRITE && w.volume().legs().contains(bio.target())) {
            // btrfs_repair_io_failure(): the one bad copy rewritten, synchronously, then logged
            sums = "; btrfs logs \"read error corrected\" for block " + bio.block() + " (dev " + bio.target() + ")";
        }
        String result = bio.op() == BioOp.READ
                ? ": "
                        + String.join(
                                ", ",
                                bio.pages().stream()
                                        .map(p -> p + " holds '" + after.page(p).bytes() + "'")
                                        .toList())
                : ": every clone completed" + sums + ", the bio is freed";
        return Transition.of(after, () -> actor + " runs end_io for " + bioId + result, changed);
    }

    /**
     * Read completion of the page-cache folios a read was filling (folio_end_read): their locks released, and valid
     * unless their block failed verification ({@code bad}).
     */
    static World unlockFolios(World w, Bio bio, Set<Ref> changed, Set<Integer> bad) {
        for (int i = 0; i < bio.pages().size(); i++) {
            String id = bio.pages().get(i);
            Page p = w.page(id);
            if (p.kind() == org.diolab.engine.model.PageKind.PAGE_CACHE && p.has(PageFlag.LOCKED)) {
                w = w.withPage(p.withFlag(PageFlag.UPTODATE, !bad.contains(bio.block() + i))
                        .withFlag(PageFlag.LOCKED, false));
                String filler = CacheSteps.filler(w, id);
                if (filler != null) {
                    w = w.withoutMark(CacheSteps.fillMark(id, filler));
                }
                changed.add(Ref.page(id));
            }
        }
        return w;
    }

    static Transition eagain(World w, String actor, String op) {
        boolean afterRead = w.marked(op + ":csum-failed");
        String when =
                afterRead ? " instead of allocating a bounce buffer for the retry" : " before allocating anything";
        return Transition.of(
                w.withResult(new IoResult(actor, op, "EAGAIN", "NOWAIT could not be honoured"))
                        .withMark(op + ":eagain"),
                () -> actor + "'s " + op + " returns -EAGAIN" + when
                        + ": NOWAIT is honoured, the caller retries without it",
                Set.of());
    }
}
