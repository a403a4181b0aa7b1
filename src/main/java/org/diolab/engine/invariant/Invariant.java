package org.diolab.engine.invariant;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.diolab.engine.model.World;

/**
 * A property a correct storage stack keeps at every step. Checked after every micro-step of every run, so a lesson
 * shows the exact step at which it first breaks. ({@value #NO_DEADLOCK} is checked by the schedulers instead, as it is
 * a property of the run, not of one world.)
 */
public sealed interface Invariant
        permits MirrorsAgree,
                ChecksumMatches,
                ReadReturnsWritten,
                NoFalseChecksumError,
                NoUseAfterFree,
                ChecksumCoversBio,
                NowaitNeverBlocks,
                StablePageUnchanged,
                ParityMatchesData,
                BitmapCleanMeansInSync,
                NoEioWithAGoodCopy {
    String NO_DEADLOCK = "no-deadlock";

    /** Kebab-case name used by lessons, the CLI and JSON. */
    String id();

    /** One sentence a learner reads when it turns red. */
    String explanation();

    /** Everything that breaks this invariant in {@code world}; empty when it holds. */
    List<Violation> check(World world);

    /**
     * Whether {@link #check} would find anything. The explorer asks this of millions of worlds and wants the details
     * only the first time, so the invariants it asks most often answer without building them.
     */
    default boolean brokenIn(World world) {
        return !check(world).isEmpty();
    }

    /** Every invariant the engine checks on worlds, in a fixed order. */
    static List<Invariant> all() {
        return List.of(
                new MirrorsAgree(),
                new ChecksumMatches(),
                new ReadReturnsWritten(),
                new NoFalseChecksumError(),
                new NoUseAfterFree(),
                new ChecksumCoversBio(),
                new NowaitNeverBlocks(),
                new StablePageUnchanged(),
                new ParityMatchesData(),
                new BitmapCleanMeansInSync(),
                new NoEioWithAGoodCopy());
    }

    /** Every invariant name, world and run-level, with its explanation. */
    static Map<String, String> explanations() {
        Map<String, String> out = new LinkedHashMap<>();
        all().forEach(i -> out.put(i.id(), i.explanation()));
        out.put(
                NO_DEADLOCK,
                "Some actor can always make progress: nobody waits forever on someone who waits on "
                        + "them (S003: \"racing IO to pages A, B with IO to pages B, A\").");
        return out;
    }
}
