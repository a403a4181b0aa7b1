package org.diolab.engine.explore;

import java.util.Set;
import org.diolab.engine.invariant.Invariant;

/**
 * What the invariants read, for the reduction's visibility rule. An invariant that, once broken, stays broken in every
 * later state (it forbids an event, which the world keeps as an incident; or, like checksum-covers-bio, a finished
 * work item that never changes) needs nothing: a reduced search still reaches every end state, and the breach shows
 * there. The others (mirrors-agree, checksum-matches hold again once a later write lands) could break and heal between
 * two states the reduced search skips, so a step that may change what they read is never postponed. An invariant not
 * listed here is treated as reading everything.
 */
final class InvariantFootprints {
    /** Invariants that, once violated, are violated in every state reachable from there. */
    static final Set<String> STICKY = Set.of(
            "read-returns-written",
            "no-false-checksum-error",
            "no-use-after-free",
            "checksum-covers-bio",
            "nowait-never-blocks",
            "stable-page-unchanged-during-writeback",
            "no-eio-with-a-good-copy");

    private InvariantFootprints() {}

    /** The union of what the invariants that may heal read. */
    static Footprint healing(Resources res, ScenarioFacts facts) {
        Resources.Builder b = res.builder();
        for (Invariant inv : Invariant.all()) {
            b.include(reads(inv.id(), res, facts));
        }
        return b.build();
    }

    /** What invariant {@code id} reads, if it may heal; nothing for one that stays broken once broken. */
    static Footprint reads(String id, Resources res, ScenarioFacts facts) {
        Resources.Builder b = res.builder();
        switch (id) {
            case "mirrors-agree" -> {
                if (facts.legs().size() > 1) { // one leg mirrors nothing
                    legsAndWrites(b, facts);
                }
            }
            case "checksum-matches" -> {
                if (facts.checksummed()) { // a nodatasum file never has a checksum to mismatch
                    legsAndWrites(b, facts);
                    facts.blocks().forEach(k -> b.read(Resources.csum(k)));
                }
            }
            // only a RAID5 volume (parity) or md's bitmap steps (the md-clean marks) can break these; such scenarios
            // are not described by the footprints (ScenarioFacts.unmodelled) and so are never reduced anyway
            case "parity-matches-data", "bitmap-clean-means-in-sync" -> {
                if (facts.unmodelled()) {
                    b.anything();
                }
            }
            default -> {
                if (!STICKY.contains(id)) {
                    b.anything();
                }
            }
        }
        return b.build();
    }

    /** Every leg's blocks, and whether a write is still in flight or incomplete. */
    private static void legsAndWrites(Resources.Builder b, ScenarioFacts facts) {
        b.read(Resources.VOLUME);
        for (String leg : facts.legs()) {
            facts.blocks().forEach(k -> b.read(Resources.block(leg, k)));
        }
        for (String bio : facts.writeBios()) {
            b.read(Resources.bio(bio));
            facts.legs().forEach(l -> b.read(Resources.bio(InstrFootprints.clone(bio, l))));
        }
    }
}
