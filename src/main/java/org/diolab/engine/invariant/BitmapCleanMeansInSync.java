package org.diolab.engine.invariant;

import java.util.ArrayList;
import java.util.List;
import java.util.SortedSet;
import java.util.TreeSet;
import org.diolab.engine.model.Ref;
import org.diolab.engine.model.World;

/**
 * md with a write-intent bitmap: a region whose bit was cleared after a write must be identical on every leg, because
 * a resync after a crash skips clean regions. (Without a bitmap md resyncs everything after a crash and promises
 * nothing in between: "for raid1 without the bitmap there is no expectation that anything is in sync", S003.)
 */
public record BitmapCleanMeansInSync() implements Invariant {
    private static final String CLEAN = "md-clean:";

    @Override
    public String id() {
        return "bitmap-clean-means-in-sync";
    }

    @Override
    public String explanation() {
        return "When md clears a region's write-intent bit, every leg must hold the same data there: a resync after a "
                + "crash skips clean regions, so a difference left behind is never repaired.";
    }

    @Override
    public List<Violation> check(World world) {
        List<Violation> out = new ArrayList<>();
        for (String m : world.marks()) {
            if (!m.startsWith(CLEAN)) {
                continue;
            }
            int block = Integer.parseInt(m.substring(CLEAN.length()));
            List<String> legs = world.volume().legs();
            long versions = legs.stream()
                    .map(l -> world.device(l).block(block))
                    .distinct()
                    .count();
            if (versions > 1) {
                SortedSet<Ref> refs = new TreeSet<>();
                legs.forEach(l -> refs.add(Ref.block(l, block)));
                out.add(new Violation(
                        id(),
                        "block " + block + "'s bit is clear, yet "
                                + String.join(
                                        ", ",
                                        legs.stream()
                                                .map(l -> l + " holds '"
                                                        + world.device(l).block(block) + "'")
                                                .toList()),
                        refs));
            }
        }
        return out;
    }
}
