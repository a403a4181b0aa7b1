package org.diolab.engine.invariant;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import org.diolab.engine.model.Device;
import org.diolab.engine.model.Ref;
import org.diolab.engine.model.World;

/**
 * Once no write to a block is still in flight, every RAID1 leg holds the same bytes for it. Otherwise a later read
 * returns one version or the other depending on which leg serves it.
 */
public record MirrorsAgree() implements Invariant {
    @Override
    public String id() {
        return "mirrors-agree";
    }

    @Override
    public String explanation() {
        return "Once a write has reached every leg, all RAID1 legs must hold the same data for each block; "
                + "otherwise what a read returns depends on which leg serves it.";
    }

    @Override
    public boolean brokenIn(World world) {
        if (!world.volume().mirrored()) {
            return false;
        }
        List<String> legs = world.volume().legs();
        Device first = world.device(legs.getFirst());
        for (int block : first.blocks().keySet()) {
            String bytes = first.block(block);
            for (int l = 1; l < legs.size(); l++) {
                // A leg may not hold the block yet (a write past the blocks the lesson set up reached one leg first).
                if (!bytes.equals(world.device(legs.get(l)).blocks().get(block))) {
                    if (!world.writeInFlight(block)) {
                        return true;
                    }
                    break;
                }
            }
        }
        return false;
    }

    @Override
    public List<Violation> check(World world) {
        List<Violation> out = new ArrayList<>();
        if (!world.volume().mirrored()) {
            return out;
        }
        List<Device> legs = world.volume().legs().stream().map(world::device).toList();
        for (int block : legs.getFirst().blocks().keySet()) {
            if (world.writeInFlight(block)) {
                continue;
            }
            long versions = legs.stream()
                    .map(d -> String.valueOf(d.blocks().get(block)))
                    .distinct()
                    .count();
            if (versions > 1) {
                String held = legs.stream()
                        .map(d -> d.id()
                                + (d.blocks().containsKey(block)
                                        ? " holds '" + d.block(block) + "'"
                                        : " holds nothing"))
                        .collect(Collectors.joining(", "));
                java.util.SortedSet<Ref> refs = new java.util.TreeSet<>();
                legs.forEach(d -> refs.add(Ref.block(d.id(), block)));
                out.add(new Violation(id(), "block " + block + ": " + held, refs));
            }
        }
        return out;
    }
}
