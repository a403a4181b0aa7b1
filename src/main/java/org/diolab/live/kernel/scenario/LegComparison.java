package org.diolab.live.kernel.scenario;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import org.diolab.live.kernel.evidence.LegCopies;

/**
 * What the legs held, block by block, right after a race, compared with each other and with what the writer last put
 * into each block's folio (the page cache's version).
 *
 * @param located    blocks whose copies were found on every leg
 * @param differing  blocks whose copies differ between legs
 * @param torn       copies holding parts of several writes
 * @param foreign    copies holding no stamp of their block (a wrong map, or data nobody wrote)
 * @param cacheNewer blocks whose folio holds a write not every leg has whole: still dirty, so a divergence in them
 *                   would still show (the next writeback would send that write to both legs)
 */
record LegComparison(
        int blocks, int located, int differing, int torn, int foreign, int cacheNewer, List<String> examples) {
    static final int EXAMPLES = 3;

    LegComparison {
        examples = List.copyOf(examples);
    }

    /** Compares {@code copies} of {@code blocks} blocks; {@code lastGeneration} as {@link WritebackRace.Stats} has it. */
    static LegComparison of(LegCopies copies, int blocks, int legs, List<Integer> lastGeneration) {
        int located = 0;
        int differing = 0;
        int torn = 0;
        int foreign = 0;
        int newer = 0;
        List<String> examples = new ArrayList<>();
        for (int b = 0; b < blocks; b++) {
            byte[][] perLeg = b < copies.copies().size() ? copies.copies().get(b) : new byte[0][];
            if (perLeg.length < legs || Arrays.stream(perLeg).anyMatch(c -> c == null)) {
                continue;
            }
            located++;
            BlockStamp.Decoded[] d = new BlockStamp.Decoded[legs];
            for (int k = 0; k < legs; k++) {
                d[k] = BlockStamp.decode(perLeg[k], b);
                torn += d[k].kind() == BlockStamp.Kind.TORN ? 1 : 0;
                foreign += d[k].kind() == BlockStamp.Kind.FOREIGN ? 1 : 0;
            }
            int cached = b < lastGeneration.size() ? lastGeneration.get(b) : -1;
            if (cached >= 0 && !wholeOnEveryLeg(d, cached)) {
                newer++;
            }
            boolean differs = false;
            for (int k = 1; k < legs; k++) {
                differs |= !Arrays.equals(perLeg[0], perLeg[k]);
            }
            if (differs) {
                differing++;
                if (examples.size() < EXAMPLES) {
                    examples.add(example(b, d, cached));
                }
            }
        }
        return new LegComparison(blocks, located, differing, torn, foreign, newer, examples);
    }

    /** Whether every leg holds write {@code generation} of the block whole: the folio is then clean or rewritten alike. */
    private static boolean wholeOnEveryLeg(BlockStamp.Decoded[] d, long generation) {
        return Arrays.stream(d).allMatch(x -> x.kind() == BlockStamp.Kind.WHOLE && x.generation() == generation);
    }

    private static String example(int block, BlockStamp.Decoded[] d, int cached) {
        StringBuilder e = new StringBuilder("block " + block + ":");
        for (int k = 0; k < d.length; k++) {
            e.append(k == 0 ? " " : ", ")
                    .append("leg")
                    .append(k)
                    .append(" holds ")
                    .append(d[k].describe());
        }
        if (cached >= 0) {
            e.append(String.format(Locale.ROOT, "; the page cache holds write %,d", cached));
        }
        return e.toString();
    }
}
