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
import org.diolab.engine.model.Device;
import org.diolab.engine.model.Incident;
import org.diolab.engine.model.IncidentKind;
import org.diolab.engine.model.IoResult;
import org.diolab.engine.model.Page;
import org.diolab.engine.model.Ref;
import org.diolab.engine.model.World;

/** Building, checksumming, submitting and completing bios, and what a read returns. */
final class BioSteps {
    private BioSteps() {
    }

    static Transition build(World w, String actor, Instr.BuildBio b) {
        Bio bio = Bio.built(b.bio(), b.op(), b.pages(), b.block(), b.target());
        String dir = b.op() == BioOp.WRITE ? "from" : "into";
        return Transition.of(w.withBio(bio), actor + " builds " + b.op().name().toLowerCase() + " bio " + b.bio()
                + ": bvecs point " + dir + " " + String.join(", ", b.pages()) + " (block " + b.block() + ")",
                Set.of(Ref.bio(b.bio())));
    }

    static Transition computeCsum(World w, String actor, String bioId) {
        Bio bio = w.bio(bioId);
        Csummed c = csum(w, bio, bio.pages().size());
        return Transition.of(c.world(), actor + " computes checksums of " + bioId + ": " + c.summary(), c.changed());
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
        return new Csummed(w.withBio(bio), Set.of(Ref.bio(bio.id())),
                parts.isEmpty() ? "nothing (empty iterator)" : String.join(", ", parts));
    }

    record Csummed(World world, Set<String> changed, String summary) {
    }

    static Transition queueCsum(World w, String actor, Instr.QueueCsum q) {
        Bio bio = w.bio(q.bio());
        CsumWork work = CsumWork.queued(q.bio(), q.saveIter() ? bio.iter() : -1);
        String saved = q.saveIter() ? "saving bi_iter (" + bio.iter() + " block" + (bio.iter() == 1 ? "" : "s")
                + ") in csum_saved_iter" : "without saving bi_iter";
        return Transition.of(w.withWork(work), actor + " queues checksum work for " + q.bio() + " " + saved,
                Set.of(Ref.work(work.id())));
    }

    static Transition submit(World w, String actor, String bioId) {
        Bio bio = w.bio(bioId);
        List<String> legs = bio.op() == BioOp.WRITE ? w.volume().legs() : List.of(bio.target());
        Set<String> changed = new HashSet<>();
        // Submission advances bi_iter: whoever reads the live iterator afterwards sees nothing left (S004).
        w = w.withBio(bio.withState(BioState.SUBMITTED).withIter(0));
        changed.add(Ref.bio(bioId));
        for (String leg : legs) {
            Bio clone = bio.cloneFor(leg);
            w = w.withBio(clone);
            Device d = w.device(leg);
            w = w.withDevice(d.enqueue(clone.id()));
            changed.add(Ref.bio(clone.id()));
        }
        String how = legs.size() > 1
                ? " and clones it to " + String.join(", ", legs) + "; every clone shares the same bvecs"
                : " to " + legs.getFirst();
        return Transition.of(w, actor + " submits " + bioId + how, changed);
    }

    static Optional<Wait> awaitWait(World w, Instr.AwaitBio a) {
        Optional<Wait> clones = w.bios().values().stream()
                .filter(b -> a.bio().equals(b.parent()) && b.state() != BioState.DONE).findFirst()
                .map(c -> new Wait("waits for " + c.id() + " to complete", List.of(c.target())));
        if (clones.isPresent() || !a.waitCsum()) {
            return clones;
        }
        return w.work().values().stream().filter(k -> k.bio().equals(a.bio()) && !k.done()).findFirst()
                .map(k -> new Wait("end_io waits for csum_done of " + k.id(), List.of(WorkerSteps.KWORKER)));
    }

    static Transition endIo(World w, String actor, String bioId) {
        Bio bio = w.bio(bioId);
        Set<String> changed = new HashSet<>(Set.of(Ref.bio(bioId)));
        for (var e : bio.sums().entrySet()) {
            w = w.withCsum(e.getKey(), e.getValue()); // the ordered extent completes: its sums enter the table
            changed.add(Ref.csum(e.getKey()));
        }
        World after = w.withBio(bio.withState(BioState.DONE).released());
        String sums = bio.sums().isEmpty() ? "" : "; its checksums go into the checksum table";
        String result = bio.op() == BioOp.READ
                ? ": " + String.join(", ", bio.pages().stream().map(p -> p + " holds '" + after.page(p).bytes() + "'")
                .toList())
                : ": every clone completed" + sums + ", the bio is freed";
        return Transition.of(after, actor + " runs end_io for " + bioId + result, changed);
    }

    static Transition verify(World w, String actor, Instr.VerifyCsum v) {
        Bio bio = w.bio(v.bio());
        List<String> bad = new ArrayList<>();
        List<String> refs = new ArrayList<>();
        boolean diskFine = true;
        for (int i = 0; i < bio.pages().size(); i++) {
            int block = bio.block() + i;
            Long want = w.csums().get(block);
            String bytes = w.page(bio.pages().get(i)).bytes();
            if (want == null || Crc32c.of(bytes) == want) {
                continue;
            }
            bad.add("block " + block + ": crc32c('" + bytes + "') = " + Crc32c.hex(Crc32c.of(bytes)) + ", expected "
                    + Crc32c.hex(want));
            refs.add(Ref.page(bio.pages().get(i)));
            refs.add(Ref.csum(block));
            String leg = bio.target();
            diskFine &= Crc32c.of(w.device(leg).block(block)) == want;
        }
        if (bad.isEmpty()) {
            return Transition.of(w, actor + " verifies " + v.bio() + ": checksums match", Set.of());
        }
        String what = String.join("; ", bad);
        if (v.lazy()) {
            return Transition.of(w.withMark(v.op() + ":csum-failed"), actor + " verifies " + v.bio() + ": MISMATCH ("
                    + what + "); lazy bounce retries the read through a bounce buffer", Set.copyOf(refs));
        }
        IncidentKind kind = diskFine ? IncidentKind.FALSE_CHECKSUM_ERROR : IncidentKind.CHECKSUM_ERROR;
        String disk = diskFine ? " although the data on disk matches its checksum" : "";
        World after = w.withMark(v.op() + ":eio").withIncident(new Incident(kind, v.op() + ": " + what + disk,
                new java.util.TreeSet<>(refs)));
        return Transition.of(after, actor + " verifies " + v.bio() + ": MISMATCH (" + what + "): the read fails"
                + disk, Set.copyOf(refs));
    }

    static Transition returnRead(World w, String actor, Instr.ReturnRead r) {
        if (w.marked(r.op() + ":eio")) {
            return Transition.of(w.withResult(new IoResult(actor, r.op(), "EIO", "checksum verification failed")),
                    actor + "'s read " + r.op() + " returns EIO (checksum error)", Set.of());
        }
        List<String> got = new ArrayList<>();
        for (int i = 0; i < r.pages().size(); i++) {
            int block = r.block() + i;
            String bytes = w.page(r.pages().get(i)).bytes();
            got.add(r.pages().get(i) + " = '" + bytes + "'");
            if (!w.history().getOrDefault(block, java.util.Collections.emptySortedSet()).contains(bytes)) {
                w = w.withIncident(new Incident(IncidentKind.READ_RETURNED_UNWRITTEN, r.op() + " returned '" + bytes
                        + "' for block " + block + ", which no write ever stored there",
                        new java.util.TreeSet<>(List.of(Ref.page(r.pages().get(i))))));
            }
        }
        String delivered = String.join(", ", got);
        return Transition.of(w.withResult(new IoResult(actor, r.op(), "ok", delivered)),
                actor + "'s read " + r.op() + " returns: " + delivered, Set.of());
    }

    static Transition eagain(World w, String actor, String op) {
        return Transition.of(w.withResult(new IoResult(actor, op, "EAGAIN", "NOWAIT could not be honoured")),
                actor + "'s " + op + " returns -EAGAIN before allocating anything: NOWAIT is honoured, the caller "
                        + "retries without it", Set.of());
    }
}
