package org.diolab.engine.step;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.diolab.engine.model.Bio;
import org.diolab.engine.model.Crc32c;
import org.diolab.engine.model.IoResult;
import org.diolab.engine.model.Page;
import org.diolab.engine.model.Parity;
import org.diolab.engine.model.Ref;
import org.diolab.engine.model.Volume;
import org.diolab.engine.model.World;

/**
 * RAID5: parity computed at submission from the pages the write bio points at (S003, 7c2830f00c3e), and the degraded
 * read that needs it: a block rebuilt from the parity and the stripe's other data blocks.
 */
final class ParitySteps {
    private ParitySteps() {}

    /** Id of the kernel page holding stripe {@code stripe}'s new parity for write bio {@code bio}. */
    static String parityPage(String bio, int stripe) {
        return bio + ".p" + stripe;
    }

    /**
     * The parity of the stripe {@code bio} writes: its own blocks from its pages as they are now, the stripe's other
     * blocks read from their data legs (read-modify-write).
     */
    static Transition compute(World w, String actor, String bioId) {
        Bio bio = w.bio(bioId);
        Volume v = w.volume();
        int stripe = v.stripeOf(bio.block());
        List<String> data = new ArrayList<>();
        List<String> parts = new ArrayList<>();
        for (int block : v.stripeBlocks(stripe)) {
            String bytes;
            if (bio.covers(block)) {
                String page = bio.pages().get(block - bio.block());
                bytes = w.page(page).bytes();
                parts.add(page + " '" + bytes + "'");
            } else {
                String leg = v.legsHolding(block).getFirst();
                bytes = w.device(leg).block(block);
                parts.add("block " + block + " '" + bytes + "' read from " + leg);
            }
            data.add(bytes);
        }
        String parity = Parity.of(data);
        String id = parityPage(bioId, stripe);
        Page p = new Page(id, org.diolab.engine.model.PageKind.BOUNCE, parity, 0, false, Set.of(), false, null, -1);
        return Transition.of(
                w.withPage(p),
                () -> actor + " computes the parity of stripe " + stripe + " from " + String.join(" and ", parts)
                        + ": '" + parity + "' into " + id,
                Set.of(Ref.page(id)));
    }

    /**
     * A degraded read of {@code block}: rebuilt from the stripe's parity and the other data legs as they are on disk,
     * then verified against the checksum table. The block's own leg is not read (it is the one that is gone).
     */
    static Transition rebuild(World w, String actor, int block) {
        Volume v = w.volume();
        int stripe = v.stripeOf(block);
        List<String> others = new ArrayList<>();
        List<String> from = new ArrayList<>();
        Set<Ref> refs = new TreeSet<>();
        for (int b : v.stripeBlocks(stripe)) {
            if (b != block) {
                String leg = v.legsHolding(b).getFirst();
                others.add(w.device(leg).block(b));
                from.add(leg + " '" + w.device(leg).block(b) + "'");
                refs.add(Ref.block(leg, b));
            }
        }
        String parity = w.device(v.parityLeg()).block(stripe);
        refs.add(Ref.block(v.parityLeg(), stripe));
        String rebuilt = Parity.rebuild(parity, others);
        Long want = w.csums().get(block);
        String outcome;
        String verdict;
        if (want == null || w.inode().nodatasum(block)) {
            outcome = "unverified";
            verdict = "; nothing to verify it against (no checksum)";
        } else if (Crc32c.of(rebuilt) == want) {
            outcome = "ok";
            verdict = "; crc32c matches the checksum table";
        } else {
            outcome = "EIO";
            verdict = "; crc32c " + Crc32c.hex(Crc32c.of(rebuilt)) + " is not the table's " + Crc32c.hex(want)
                    + ": the block cannot be recovered";
            refs.add(Ref.csum(block));
        }
        String detail = "rebuilt '" + rebuilt + "'";
        return Transition.of(
                w.withResult(new IoResult(actor, "rebuild block " + block, outcome, detail)),
                () -> actor + " reads block " + block + " degraded: its leg is missing, so it is rebuilt from parity '"
                        + parity + "' (" + v.parityLeg() + ") and " + String.join(", ", from) + " → '" + rebuilt + "'"
                        + verdict,
                refs);
    }
}
