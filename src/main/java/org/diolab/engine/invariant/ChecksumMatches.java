package org.diolab.engine.invariant;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.diolab.engine.model.Crc32c;
import org.diolab.engine.model.Ref;
import org.diolab.engine.model.World;

/**
 * Once no write to a block is in flight or awaiting completion, the data on every leg matches the checksum stored for
 * it. If not, the next read fails verification although nobody corrupted the disk.
 */
public record ChecksumMatches() implements Invariant {
    @Override
    public String id() {
        return "checksum-matches";
    }

    @Override
    public String explanation() {
        return "The checksum stored for a block must match the data the device actually stored; "
                + "otherwise a later read reports a checksum error although the disk is fine.";
    }

    @Override
    public boolean brokenIn(World world) {
        for (Map.Entry<Integer, Long> e : world.csums().entrySet()) {
            int block = e.getKey();
            for (String leg : world.volume().legsHolding(block)) {
                if (Crc32c.of(world.device(leg).block(block)) != e.getValue()) {
                    if (!world.writeInFlight(block) && !world.writeIncomplete(block)) {
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
        for (Map.Entry<Integer, Long> e : world.csums().entrySet()) {
            int block = e.getKey();
            if (world.writeInFlight(block) || world.writeIncomplete(block)) {
                continue;
            }
            for (String leg : world.volume().legsHolding(block)) {
                String data = world.device(leg).block(block);
                long actual = Crc32c.of(data);
                if (actual != e.getValue()) {
                    out.add(new Violation(
                            id(),
                            "block " + block + " on " + leg + " holds '" + data + "' (crc32c " + Crc32c.hex(actual)
                                    + ") but the checksum table says " + Crc32c.hex(e.getValue()),
                            new java.util.TreeSet<>(List.of(Ref.block(leg, block), Ref.csum(block)))));
                }
            }
        }
        return out;
    }
}
