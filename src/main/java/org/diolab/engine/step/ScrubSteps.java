package org.diolab.engine.step;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.diolab.engine.model.Crc32c;
import org.diolab.engine.model.IoResult;
import org.diolab.engine.model.Ref;
import org.diolab.engine.model.World;

/**
 * The administrator's checks: md's mirror comparison ({@code mismatch_cnt}) and btrfs scrub's per-copy checksum
 * verification. They read every leg directly and report; they change no data.
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
                actor + " compares block " + block + " on every leg (md check): " + held + " → "
                        + (versions > 1 ? "mismatch_cnt goes up; md cannot tell which copy is right" : "in sync"),
                refs);
    }

    static Transition readVerify(World w, String actor, int block) {
        Long want = w.csums().get(block);
        List<String> parts = new ArrayList<>();
        List<String> bad = new ArrayList<>();
        Set<Ref> refs = new TreeSet<>();
        for (String leg : w.volume().legsHolding(block)) {
            String data = w.device(leg).block(block);
            refs.add(Ref.block(leg, block));
            if (want == null) {
                parts.add(leg + " '" + data + "' (no checksum)");
            } else if (Crc32c.of(data) == want) {
                parts.add(leg + " '" + data + "' ok");
            } else {
                parts.add(leg + " '" + data + "' BAD");
                bad.add(leg);
            }
        }
        String outcome =
                want == null ? "unverifiable" : bad.isEmpty() ? "ok" : "csum errors on " + String.join(", ", bad);
        return Transition.of(
                w.withResult(new IoResult(actor, "scrub block " + block, outcome, String.join("; ", parts))),
                actor + " scrubs block " + block + ": " + String.join("; ", parts)
                        + (want == null ? " — a nodatasum file has nothing to verify against" : ""),
                refs);
    }
}
