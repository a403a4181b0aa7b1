package org.diolab.engine.step;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.diolab.engine.model.Bio;
import org.diolab.engine.model.Crc32c;
import org.diolab.engine.model.Device;
import org.diolab.engine.model.Incident;
import org.diolab.engine.model.IncidentKind;
import org.diolab.engine.model.IoResult;
import org.diolab.engine.model.Ref;
import org.diolab.engine.model.World;

/**
 * What a read concludes: the checksum verification of what the device delivered, btrfs's read repair when a copy
 * fails it (fs/btrfs/bio.c: the next mirror is read into the same pages and verified, and the good copy is written back
 * over the bad ones), and what the system call returns.
 */
final class ReadSteps {
    private ReadSteps() {}

    static Transition verify(World w, String actor, Instr.VerifyCsum v) {
        Bio bio = w.bio(v.bio());
        List<String> bad = new ArrayList<>();
        Set<Integer> badBlocks = new HashSet<>();
        Set<Ref> refs = new TreeSet<>();
        boolean diskFine = true;
        for (int i = 0; i < bio.pages().size(); i++) {
            int block = bio.block() + i;
            Long want = bio.sums().getOrDefault(block, w.csums().get(block)); // looked up at submission
            String bytes = w.page(bio.pages().get(i)).bytes();
            if (want == null || Crc32c.of(bytes) == want) {
                continue;
            }
            badBlocks.add(block);
            bad.add("block " + block + ": crc32c('" + bytes + "') = " + Crc32c.hex(Crc32c.of(bytes)) + ", expected "
                    + Crc32c.hex(want));
            refs.add(Ref.page(bio.pages().get(i)));
            refs.add(Ref.csum(block));
            long onDisk = Crc32c.of(w.device(bio.target()).block(block));
            diskFine &= onDisk == want || Long.valueOf(onDisk).equals(w.csums().get(block));
        }
        String retry = v.retryMark();
        boolean repairGoesOn = !bad.isEmpty() && retry != null;
        // Folios stay locked until verified, as btrfs verifies in the read's end_io before folio_end_read; while a
        // repair read is still to come they stay locked for it.
        Set<Ref> unlocked = new HashSet<>();
        if (!repairGoesOn) {
            w = BioSteps.unlockFolios(w, bio, unlocked, badBlocks);
        }
        if (bad.isEmpty()) {
            String repaired = v.repairedMark();
            if (repaired != null) {
                return Transition.of(
                        w.withMark(repaired),
                        () -> actor + " verifies " + v.bio() + ", the copy on " + bio.target()
                                + ": checksums match. This "
                                + "is what the read returns, and btrfs writes it back over the bad copy",
                        unlocked);
            }
            return Transition.of(w, () -> actor + " verifies " + v.bio() + ": checksums match", unlocked);
        }
        refs.addAll(unlocked);
        String what = String.join("; ", bad);
        if (v.lazy()) {
            return Transition.of(
                    w.withMark(v.op() + ":csum-failed"),
                    () -> actor + " verifies " + v.bio() + ": MISMATCH (" + what
                            + "); lazy bounce does not report it: the read is not over",
                    refs);
        }
        // btrfs_data_csum_ok(): each bad block is logged and counted against the device that delivered it
        Device dev = w.device(bio.target());
        for (int i = 0; i < badBlocks.size(); i++) {
            dev = dev.withCorruptionError();
        }
        w = w.withDevice(dev);
        refs.add(Ref.device(dev.id()));
        int mirror = w.volume().legs().indexOf(dev.id()) + 1;
        String log = "; btrfs logs \"csum failed ... mirror " + mirror + "\" and counts it against " + dev.id()
                + " (corruption_errs " + dev.corruptionErrs() + ")";
        IncidentKind kind = diskFine ? IncidentKind.FALSE_CHECKSUM_ERROR : IncidentKind.CHECKSUM_ERROR;
        String disk = diskFine ? " although the data on disk matches its checksum" : "";
        w = w.withIncident(new Incident(kind, v.op() + ": " + what + disk, refs));
        String head = actor + " verifies " + v.bio() + ": MISMATCH (" + what + ")" + disk + log;
        if (retry != null) {
            return Transition.of(
                    w.withMark(retry),
                    () -> head + ". The read does not fail: btrfs reads the next mirror into the same pages",
                    refs);
        }
        String end = v.repairedMark() != null ? "; no mirror is left: the read fails" : ": the read fails";
        return Transition.of(w.withMark(v.op() + ":eio"), () -> head + end, refs);
    }

    static Transition returnRead(World w, String actor, Instr.ReturnRead r) {
        if (w.marked(r.op() + ":eio")) {
            World out = w.withResult(new IoResult(actor, r.op(), "EIO", "checksum verification failed"));
            List<String> good = goodCopies(w, r.block(), r.pages().size());
            if (!good.isEmpty()) {
                Set<Ref> refs = new TreeSet<>();
                for (int i = 0; i < r.pages().size(); i++) {
                    refs.add(Ref.csum(r.block() + i));
                }
                out = out.withIncident(new Incident(
                        IncidentKind.EIO_WITH_GOOD_COPY,
                        r.op() + " failed with EIO although " + String.join(", ", good) + " matches the checksum table",
                        refs));
            }
            String but = good.isEmpty() ? "" : ", although " + String.join(", ", good) + " is good";
            return Transition.of(
                    out, () -> actor + "'s read " + r.op() + " returns EIO (checksum error)" + but, Set.of());
        }
        List<String> got = new ArrayList<>();
        for (int i = 0; i < r.pages().size(); i++) {
            int block = r.block() + i;
            String bytes = w.page(r.pages().get(i)).bytes();
            got.add(r.pages().get(i) + " = '" + bytes + "'");
            boolean userWrote =
                    w.marked(r.pages().get(i) + ":user-stored"); // the app's own store: not the read's doing
            if (!userWrote
                    && !w.history()
                            .getOrDefault(block, java.util.Collections.emptySortedSet())
                            .contains(bytes)) {
                w = w.withIncident(new Incident(
                        IncidentKind.READ_RETURNED_UNWRITTEN,
                        r.op() + " returned '" + bytes + "' for block " + block + ", which no write ever stored there",
                        new TreeSet<>(List.of(Ref.page(r.pages().get(i))))));
            }
        }
        String delivered = String.join(", ", got);
        return Transition.of(
                w.withResult(new IoResult(actor, r.op(), "ok", delivered)),
                () -> actor + "'s read " + r.op() + " returns: " + delivered,
                Set.of());
    }

    /** "leg1's copy of block 0" for every stored copy of the blocks that matches the checksum table. */
    private static List<String> goodCopies(World w, int block, int count) {
        List<String> out = new ArrayList<>();
        for (int b = block; b < block + count; b++) {
            Long want = w.csums().get(b);
            if (want == null || w.inode().nodatasum(b)) {
                continue;
            }
            for (String leg : w.volume().legsHolding(b)) {
                String bytes = w.stored(leg, b);
                if (bytes != null && Crc32c.of(bytes) == want) {
                    out.add(leg + "'s copy of block " + b);
                }
            }
        }
        return out;
    }
}
