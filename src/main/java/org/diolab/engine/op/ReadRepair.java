package org.diolab.engine.op;

import java.util.ArrayList;
import java.util.List;
import org.diolab.engine.model.BioOp;
import org.diolab.engine.model.Volume;
import org.diolab.engine.step.Instr;

/**
 * btrfs's read repair on a mirrored profile (fs/btrfs/bio.c): a block that fails its checksum is read again from the
 * next mirror into the same pages and verified; the first copy that verifies is what the read returns, and it is
 * written back over every copy that failed before it. Only when no mirror is left does the read fail. The steps are
 * laid out for every mirror and enabled by marks, as the outcome is only known when they run. (btrfs repairs block by
 * block; here the whole bio is read again.)
 */
final class ReadRepair {
    private ReadRepair() {}

    static List<Instr> verifyAndRepair(String bio, List<String> pages, String op, int block, String leg, Expansion x) {
        Volume v = x.world().volume();
        List<String> legs = v.legs();
        int first = legs.indexOf(leg);
        if (v.layout() != Volume.Layout.MIRROR || legs.size() < 2 || first < 0) {
            return List.of(new Instr.VerifyCsum(bio, op, false)); // one copy: nothing to repair from
        }
        int n = legs.size();
        List<Instr> out = new ArrayList<>();
        out.add(new Instr.VerifyCsum(bio, op, false, tryMark(bio, 1), null));
        for (int k = 1; k < n; k++) {
            String repair = bio + ".m" + k;
            List<Instr> read = new ArrayList<>();
            read.add(new Instr.BuildBio(repair, BioOp.READ, pages, block, legs.get((first + k) % n)));
            read.add(new Instr.SubmitBio(repair));
            read.add(new Instr.AwaitBio(repair, false));
            read.add(
                    new Instr.VerifyCsum(repair, op, false, k < n - 1 ? tryMark(bio, k + 1) : null, fixedMark(bio, k)));
            out.addAll(Expansion.when(tryMark(bio, k), true, read));
            // btrfs_end_repair_bio(): from the good mirror back to the one first read, each bad copy is rewritten
            List<Instr> fix = new ArrayList<>();
            for (int j = k - 1; j >= 0; j--) {
                String write = bio + ".fix" + j;
                fix.add(new Instr.BuildBio(write, BioOp.WRITE, pages, block, legs.get((first + j) % n)));
                fix.add(new Instr.SubmitBio(write));
                fix.add(new Instr.AwaitBio(write, false));
            }
            out.addAll(Expansion.when(fixedMark(bio, k), true, fix));
        }
        return out;
    }

    private static String tryMark(String bio, int attempt) {
        return bio + ":repair-read-" + attempt;
    }

    private static String fixedMark(String bio, int attempt) {
        return bio + ":repaired-from-" + attempt;
    }
}
