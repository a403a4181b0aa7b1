package org.diolab.engine.step;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.diolab.engine.model.Crc32c;
import org.diolab.engine.model.Device;
import org.diolab.engine.model.IoResult;
import org.diolab.engine.model.Ref;
import org.diolab.engine.model.World;

/**
 * The administrator's checks: md's mirror comparison ({@code mismatch_cnt}), which reports and changes nothing, and
 * btrfs scrub's per-copy checksum verification, which also repairs a bad copy from a good mirror.
 */
final class ScrubSteps {
    private ScrubSteps() {}

    static Transition compareMirrors(World w, String actor, int block) {
        List<String> legs = w.volume().legs();
        long versions =
                legs.stream().map(l -> w.device(l).block(block)).distinct().count();
        String held = String.join(
                ", ",
                legs.stream()
                        .map(l -> l + " '" + w.device(l).block(block) + "'")
                        .toList());
        String outcome = versions > 1 ? "mismatch" : "in sync";
        Set<Ref> refs = new TreeSet<>();
        legs.forEach(l -> refs.add(Ref.block(l, block)));
        return Transition.of(
                w.withResult(new IoResult(actor, "check block " + block, outcome, held)),
                () -> actor + " compares block " + block + " on every leg (md check): " + held + " → "
                        + (versions > 1 ? "mismatch_cnt goes up; md cannot tell which copy is right" : "in sync"),
                refs);
    }

    /**
     * Scrub waits for a write to the block that has not completed: btrfs writes checksummed data to new extents (COW)
     * and scrub verifies the extents the checksum tree points at, so it never meets a write half done.
     */
    static java.util.Optional<Wait> scrubWait(World w, int block) {
        if (!w.writeInFlight(block) && !w.writeIncomplete(block)) {
            return java.util.Optional.empty();
        }
        return java.util.Optional.of(new Wait(
                "waits for the write in flight to block " + block + " to complete (scrub checks committed data)",
                CacheSteps.writers(w, block)));
    }

    /**
     * btrfs scrub of one block: every copy verified against the checksum table. On a mirror, scrub repairs too: each
     * bad copy is counted against its device (corruption_errs) and rewritten from a good copy, if one is left.
     */
    static Transition readVerify(World w, String actor, int block) {
        Long want = w.csums().get(block);
        List<String> parts = new ArrayList<>();
        List<String> bad = new ArrayList<>();
        String good = null;
        Set<Ref> refs = new TreeSet<>();
        for (String leg : w.volume().legsHolding(block)) {
            String data = w.device(leg).block(block);
            refs.add(Ref.block(leg, block));
            if (want == null) {
                parts.add(leg + " '" + data + "' (no checksum)");
            } else if (Crc32c.of(data) == want) {
                parts.add(leg + " '" + data + "' ok");
                good = good == null ? data : good;
            } else {
                parts.add(leg + " '" + data + "' BAD");
                bad.add(leg);
            }
        }
        World out = w;
        for (String leg : bad) {
            Device d = out.device(leg).withCorruptionError();
            if (good != null && w.volume().mirrored()) {
                d = d.withBlock(block, good);
            }
            out = out.withDevice(d);
            refs.add(Ref.device(leg));
        }
        boolean repaired = !bad.isEmpty() && good != null && w.volume().mirrored();
        String outcome = want == null
                ? "unverifiable"
                : bad.isEmpty()
                        ? "ok"
                        : "csum errors on " + String.join(", ", bad) + (repaired ? ", repaired" : ", unrepairable");
        String fix = bad.isEmpty()
                ? ""
                : repaired
                        ? " — counts a corruption error against " + String.join(", ", bad)
                                + " and rewrites it from the good copy '" + good + "'"
                        : " — counts a corruption error against " + String.join(", ", bad)
                                + "; no good copy is left to repair it from";
        return Transition.of(
                out.withResult(new IoResult(actor, "scrub block " + block, outcome, String.join("; ", parts))),
                () -> actor + " scrubs block " + block + ": " + String.join("; ", parts) + fix
                        + (want == null ? " — a nodatasum file has nothing to verify against" : ""),
                refs);
    }
}
