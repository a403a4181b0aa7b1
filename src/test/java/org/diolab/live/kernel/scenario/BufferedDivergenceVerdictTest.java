package org.diolab.live.kernel.scenario;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.diolab.live.kernel.evidence.LegCopies;
import org.junit.jupiter.api.Test;

/**
 * buffered-divergence's reading of its evidence, without a kernel: the stamps tell a whole copy from a torn or a
 * misplaced one, the legs are compared with what the page cache holds, and the verdict follows the numbers (legs that
 * differ are a divergence whatever the waits; agreeing legs are "prevented" only when every writer was held back).
 */
class BufferedDivergenceVerdictTest {
    private static final int BLOCKS = 4;

    private static byte[] stamped(int block, int generation) {
        try (Arena a = Arena.ofConfined()) {
            MemorySegment s = a.allocate(BlockStamp.BLOCK);
            BlockStamp.write(s, 0, block, generation);
            return s.toArray(ValueLayout.JAVA_BYTE);
        }
    }

    private static byte[] torn(int block, int older, int newer) {
        byte[] a = stamped(block, older);
        byte[] b = stamped(block, newer);
        System.arraycopy(b, 0, a, 0, BlockStamp.BLOCK / 2);
        return a;
    }

    @Test
    void aStampSaysWhichBlockAndWriteACopyHoldsAndWhetherItIsWhole() {
        assertThat(BlockStamp.decode(stamped(3, 7), 3)).isEqualTo(new BlockStamp.Decoded(BlockStamp.Kind.WHOLE, 7, 1));
        BlockStamp.Decoded t = BlockStamp.decode(torn(3, 7, 9), 3);
        assertThat(t.kind()).isEqualTo(BlockStamp.Kind.TORN);
        assertThat(t.generation()).isEqualTo(9);
        assertThat(t.describe()).isEqualTo("parts of 2 writes (newest 9)");
        assertThat(BlockStamp.decode(stamped(2, 7), 3).kind())
                .as("another block's stamp: read from the wrong place")
                .isEqualTo(BlockStamp.Kind.FOREIGN);
        assertThat(BlockStamp.decode(new byte[BlockStamp.BLOCK], 0).kind()).isEqualTo(BlockStamp.Kind.FOREIGN);
    }

    /** Block 1's legs hold writes 5 and 6, the cache write 6; the others hold the cache's write on both legs. */
    private static LegCopies splitAtBlock1() {
        List<byte[][]> copies = new ArrayList<>();
        for (int b = 0; b < BLOCKS; b++) {
            copies.add(
                    b == 1 ? new byte[][] {stamped(1, 5), stamped(1, 6)} : new byte[][] {stamped(b, 2), stamped(b, 2)});
        }
        return new LegCopies(copies, BLOCKS);
    }

    @Test
    void legsThatDifferAreCountedWithAnExampleAndTheBlockStillDirtyInTheCache() {
        LegComparison c = LegComparison.of(splitAtBlock1(), BLOCKS, 2, List.of(2, 6, 2, -1));
        assertThat(c.located()).isEqualTo(BLOCKS);
        assertThat(c.differing()).isEqualTo(1);
        assertThat(c.cacheNewer())
                .as("only block 1's folio holds a write not both legs have")
                .isEqualTo(1);
        assertThat(c.examples())
                .containsExactly("block 1: leg0 holds write 5, leg1 holds write 6; the page cache holds write 6");
        assertThat(c.torn()).isZero();
        assertThat(c.foreign()).isZero();
    }

    @Test
    void aBlockWithoutACopyOnEveryLegIsNotLocated() {
        List<byte[][]> copies = new ArrayList<>(splitAtBlock1().copies());
        copies.set(3, new byte[0][]);
        LegComparison c = LegComparison.of(new LegCopies(copies, 3), BLOCKS, 2, List.of(-1, -1, -1, -1));
        assertThat(c.located()).isEqualTo(3);
    }

    private static WritebackRace.Stats race(long writes, long found, long still, double share) {
        return new WritebackRace.Stats(
                writes,
                0,
                "",
                found,
                still,
                14_000_000,
                140_000_000,
                5_000,
                1000,
                1000,
                share,
                3_000_000_000L,
                Collections.nCopies(BLOCKS, 9));
    }

    private static LegComparison agreeingButDirty() {
        List<byte[][]> copies = new ArrayList<>();
        for (int b = 0; b < BLOCKS; b++) {
            copies.add(new byte[][] {stamped(b, 2), stamped(b, 2)});
        }
        return LegComparison.of(new LegCopies(copies, BLOCKS), BLOCKS, 2, Collections.nCopies(BLOCKS, 9));
    }

    private static List<DivergenceCase> cases(WritebackRace.Stats nodatasumWrite, LegComparison nodatasumLegs) {
        List<DivergenceCase> out = new ArrayList<>();
        for (boolean nd : List.of(true, false)) {
            for (WritebackRace.Mode m : WritebackRace.Mode.values()) {
                boolean first = nd && m == WritebackRace.Mode.WRITE;
                out.add(new DivergenceCase(
                        nd,
                        m,
                        first ? nodatasumWrite : race(20_000, 60, 0, 0.4),
                        first ? nodatasumLegs : agreeingButDirty(),
                        BLOCKS,
                        500));
            }
        }
        return out;
    }

    private static final DivergenceVerdict.Afterwards AFTER = new DivergenceVerdict.Afterwards(BLOCKS, 0, 0, 0, 0);

    private static ScenarioResult verdict(List<DivergenceCase> cases) {
        return DivergenceVerdict.build(new ResultBuilder(Scenario.BUFFERED_DIVERGENCE), cases, AFTER);
    }

    @Test
    void agreeingLegsWithEveryWriterHeldBackArePrevented() {
        ScenarioResult r = verdict(cases(race(5_889, 18, 1, 0.79), agreeingButDirty()));
        assertThat(r.outcome()).isEqualTo(Outcome.PREVENTED);
        assertThat(r.mechanism()).isEqualTo(DivergenceVerdict.MECHANISM_WAIT);
        assertThat(r.verdict())
                .contains("nodatasum file, write(2): 18 of 5,889 writes found their folio under writeback")
                .contains("about 4,652 times")
                .contains("ordered extent");
        assertThat(r.references()).extracting(Reference::commit).contains("ecde48a1a6b3");
    }

    @Test
    void agreeingLegsWithAWriterRunningFreelyAreNotSeenAndSaySo() {
        ScenarioResult r = verdict(cases(race(5_000, 3_900, 3_800, 0.79), agreeingButDirty()));
        assertThat(r.outcome()).isEqualTo(Outcome.NOT_SEEN);
        assertThat(r.verdict())
                .contains("nodatasum file, write(2): 3,900 writes")
                .contains("not held back");
    }

    @Test
    void legsThatDifferAreADivergenceWhateverTheWaits() {
        ScenarioResult r = verdict(
                cases(race(5_889, 18, 1, 0.79), LegComparison.of(splitAtBlock1(), BLOCKS, 2, List.of(9, 6, 9, 9))));
        assertThat(r.outcome()).isEqualTo(Outcome.PRESENT);
        assertThat(r.mechanism()).isEqualTo(DivergenceVerdict.MECHANISM_DIVERGED);
        assertThat(r.verdict())
                .contains("1 of 4 blocks of the nodatasum file, write(2)")
                .contains("block 1: leg0 holds write 5, leg1 holds write 6")
                .contains("btrfs's buffered write waits for the folio's ordered extent");
    }

    @Test
    void aRunWhoseLegsHeldNothingStillDirtyIsInconclusive() {
        List<byte[][]> copies = new ArrayList<>();
        for (int b = 0; b < BLOCKS; b++) {
            copies.add(new byte[][] {stamped(b, 9), stamped(b, 9)});
        }
        LegComparison clean =
                LegComparison.of(new LegCopies(copies, BLOCKS), BLOCKS, 2, Collections.nCopies(BLOCKS, 9));
        ScenarioResult r = verdict(cases(race(5_889, 18, 1, 0.79), clean));
        assertThat(r.outcome()).isEqualTo(Outcome.INCONCLUSIVE);
        assertThat(r.verdict()).contains("nodatasum file, write(2): no block was still dirty");
    }
}
