package org.diolab.engine.step;

import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.diolab.engine.model.Device;
import org.diolab.engine.model.Ref;
import org.diolab.engine.model.World;

/**
 * md's write-intent bitmap and the resync it limits. A region's bit is set before a write goes to the legs and
 * cleared lazily by md's bitmap daemon once the region has had no write for a while (the model clears it at the first
 * moment it may: right after every leg completed); a resync after a crash copies only regions whose bit is set. Bits live in the world's
 * marks: {@code md-dirty:N} while set, {@code md-clean:N} once cleared.
 */
final class MdSteps {
    private MdSteps() {}

    static String dirty(int block) {
        return "md-dirty:" + block;
    }

    static String clean(int block) {
        return "md-clean:" + block;
    }

    static Transition set(World w, String actor, List<Integer> blocks) {
        for (int b : blocks) {
            w = w.withoutMark(clean(b)).withMark(dirty(b));
        }
        return Transition.of(
                w,
                () -> actor + " sets the write-intent bit of block " + join(blocks)
                        + " in md's bitmap: if the machine crashes now, a resync will copy this region",
                Set.of());
    }

    static Transition clear(World w, String actor, List<Integer> blocks) {
        for (int b : blocks) {
            w = w.withoutMark(dirty(b)).withMark(clean(b));
        }
        return Transition.of(
                w,
                () -> actor + " lets md clear the bit of block " + join(blocks)
                        + ": every leg completed the write, and "
                        + "md's bitmap daemon clears a bit lazily, some time after its region's last write (here at "
                        + "the first moment it may); from then on md takes the region to be in sync and no resync "
                        + "will look at it",
                Set.of());
    }

    /**
     * A resync of a region waits for the writes in flight to it, as md raises a barrier: it runs after the crash, on
     * data at rest, never under a write that is still going to the legs.
     */
    static java.util.Optional<Wait> resyncWait(World w, int block) {
        if (!w.writeInFlight(block)) {
            return java.util.Optional.empty();
        }
        return java.util.Optional.of(new Wait(
                "waits for the writes in flight to block " + block + " (md's resync " + "barrier)",
                CacheSteps.writers(w, block)));
    }

    /** Copies the first leg's copy of {@code block} to the others, unless a bitmap says the region is clean. */
    static Transition resync(World w, String actor, int block, boolean bitmapOnly) {
        List<String> legs = w.volume().legs();
        if (bitmapOnly && !w.marked(dirty(block))) {
            String held = String.join(
                    ", ",
                    legs.stream()
                            .map(l -> l + " '" + w.device(l).block(block) + "'")
                            .toList());
            return Transition.of(
                    w,
                    () -> actor + " resyncs after the crash: block " + block + "'s bit is clear, so md " + "skips it ("
                            + held + ")",
                    Set.of());
        }
        String source = w.device(legs.getFirst()).block(block);
        Set<Ref> changed = new TreeSet<>();
        World out = w;
        for (String leg : legs.subList(1, legs.size())) {
            Device d = out.device(leg);
            if (!d.block(block).equals(source)) {
                out = out.withDevice(d.withBlock(block, source));
                changed.add(Ref.block(leg, block));
            }
        }
        String why = bitmapOnly ? "its bit is set" : "without a bitmap md resyncs the whole array";
        return Transition.of(
                out.withoutMark(dirty(block)),
                () -> actor + " resyncs block " + block + " after the crash ("
                        + why + "): copies " + legs.getFirst() + "'s '" + source
                        + "' to the other legs; md cannot tell which "
                        + "copy was right",
                changed);
    }

    private static String join(List<Integer> blocks) {
        return String.join(", ", blocks.stream().map(String::valueOf).toList());
    }
}
