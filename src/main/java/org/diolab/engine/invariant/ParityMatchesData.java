package org.diolab.engine.invariant;

import java.util.ArrayList;
import java.util.List;
import java.util.SortedSet;
import java.util.TreeSet;
import org.diolab.engine.model.Bio;
import org.diolab.engine.model.BioState;
import org.diolab.engine.model.Parity;
import org.diolab.engine.model.Ref;
import org.diolab.engine.model.Volume;
import org.diolab.engine.model.World;

/**
 * On a parity array, once no write to a stripe is in flight, the parity leg holds the parity of the stripe's data
 * blocks. Otherwise losing a device rebuilds its blocks wrong, even blocks nobody wrote (7c2830f00c3e's RAID56 case).
 */
public record ParityMatchesData() implements Invariant {
    @Override
    public String id() {
        return "parity-matches-data";
    }

    @Override
    public String explanation() {
        return "Once a stripe's writes are done, its parity must be the parity of the data on the data legs; otherwise "
                + "a degraded read rebuilds wrong data, even for the stripe's blocks nobody wrote (7c2830f00c3e).";
    }

    @Override
    public List<Violation> check(World world) {
        List<Violation> out = new ArrayList<>();
        Volume v = world.volume();
        if (v.layout() != Volume.Layout.PARITY) {
            return out;
        }
        for (int stripe : world.device(v.parityLeg()).blocks().keySet()) {
            List<Integer> blocks = v.stripeBlocks(stripe);
            if (blocks.stream().anyMatch(b -> inFlight(world, b))) {
                continue;
            }
            List<String> data = blocks.stream()
                    .map(b -> world.device(v.legsHolding(b).getFirst()).block(b))
                    .toList();
            String parity = world.device(v.parityLeg()).block(stripe);
            String want = Parity.of(data);
            if (!parity.equals(want)) {
                SortedSet<Ref> refs = new TreeSet<>();
                refs.add(Ref.block(v.parityLeg(), stripe));
                blocks.forEach(b -> refs.add(Ref.block(v.legsHolding(b).getFirst(), b)));
                out.add(new Violation(
                        id(),
                        "stripe " + stripe + ": " + v.parityLeg() + " holds parity '" + parity
                                + "' but the data legs hold "
                                + String.join(
                                        ", ",
                                        data.stream().map(d -> "'" + d + "'").toList()) + " (parity '" + want + "')",
                        refs));
            }
        }
        return out;
    }

    /** A write of {@code block}, or its stripe's parity, not yet on every device it goes to. */
    private static boolean inFlight(World w, int block) {
        Volume v = w.volume();
        return w.bios().values().stream()
                .anyMatch(b -> b.op() == org.diolab.engine.model.BioOp.WRITE
                        && (b.writesInFlight(block) || parityPending(w, b, v.stripeOf(block))));
    }

    private static boolean parityPending(World w, Bio b, int stripe) {
        return b.isClone() && w.volume().isParityLeg(b.target()) && b.block() == stripe && b.state() != BioState.DONE;
    }
}
