package org.diolab.engine;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.diolab.engine.explore.ExploreResult;
import org.diolab.engine.explore.Explorer;
import org.diolab.engine.model.Filesystem;
import org.diolab.engine.model.World;
import org.diolab.engine.op.Operation;
import org.diolab.engine.op.Policy;
import org.junit.jupiter.api.Test;

/**
 * btrfs's stable writes are per inode since 6.15 (ecde48a1a6b3 "btrfs: expose per-inode stable writes flag"): only the
 * mapping of an inode with data checksums has the flag, so only there does write(2) wait in folio_wait_stable(). A
 * NODATASUM file's writer waits too, for the folio's ordered extent (lock_and_cleanup_extent_if_need() in
 * fs/btrfs/file.c; the kernel lab's buffered-divergence sees it on 6.18). Only the what-if without that wait lets the
 * folio change under writeback, and on btrfs's own RAID1 the two legs then store different data (S003's scenario B
 * without md). A store through a mapping waits in btrfs_page_mkwrite(), which waits for writeback itself.
 */
class PerInodeStableWritesTest {
    /** T1 writes block 0, the flusher writes it back to both legs, T2 changes the folio by write(2) or by a store. */
    private static Scenario raced(boolean nodatasum, Operation second) {
        return raced(nodatasum, new Operation.BufferedWrite(List.of("A"), 0), second);
    }

    private static Scenario raced(boolean nodatasum, Operation first, Operation second) {
        Scenarios s = Scenarios.raid1().fs(Filesystem.BTRFS).page("A", "AAAA").page("N", "BBBB");
        if (nodatasum) {
            s = s.nodatasum();
        }
        return s.actor("app", first)
                .actor("flusher", new Operation.Writeback("wb1", 0, 1))
                .actor("app2", second)
                .build();
    }

    private static final Operation WRITE = new Operation.BufferedWrite(List.of("N"), 0);
    private static final Operation STORE = new Operation.MmapStore(0, "BBBB");

    private static Trace betweenTheLegs(Scenario s) {
        return betweenTheLegs(s, Policy.NO_STABLE_WRITES);
    }

    private static Trace betweenTheLegs(Scenario s, Policy p) {
        return Scenarios.run(s, p, "app", "flusher:submit", "leg0", "app2", "leg1");
    }

    /** Both legs hold T1's 'AAAA', no invariant breaks, and T2's 'BBBB' reaches the folio once {@code waited} is over. */
    private static void legsAgreeAndTheWriteLandsAfter(Trace t, String waited) {
        World end = t.last().state().world();
        assertThat(end.device("leg0").block(0)).isEqualTo("AAAA");
        assertThat(end.device("leg1").block(0)).isEqualTo("AAAA");
        assertThat(end.folio(0).bytes())
                .as("T2's write lands once %s is over", waited)
                .isEqualTo("BBBB");
        assertThat(t.violatedInvariants()).isEmpty();
    }

    @Test
    void aWriteToANodatasumFileWaitsForTheFoliosOrderedExtentAndTheLegsAgree() {
        Trace t = betweenTheLegs(raced(true, WRITE));
        Snapshot blocked = Scenarios.firstBlock(t);
        assertThat(blocked.event().actor()).isEqualTo("app2");
        assertThat(blocked.event().action())
                .contains("btrfs_start_ordered_extent()")
                .contains("nodatasum")
                .doesNotContain("folio_wait_stable()");
        legsAgreeAndTheWriteLandsAfter(t, "the ordered extent");
    }

    @Test
    void withoutTheOrderedExtentWaitAWriteToANodatasumFileChangesTheFolioBetweenTheLegsDmas() {
        Trace t = betweenTheLegs(raced(true, WRITE), Policy.NO_ORDERED_EXTENT_WAIT);
        assertThat(t.snapshots()).noneMatch(s -> s.event().kind() == EventKind.BLOCKED);
        World end = t.last().state().world();
        assertThat(end.device("leg0").block(0)).isEqualTo("AAAA");
        assertThat(end.device("leg1").block(0)).isEqualTo("BBBB");
        assertThat(t.violatedInvariants()).contains("mirrors-agree", "stable-page-unchanged-during-writeback");
    }

    @Test
    void aWriteToAChecksummedFileWaitsInFolioWaitStableAndTheLegsAgree() {
        Trace t = betweenTheLegs(raced(false, WRITE));
        Snapshot blocked = Scenarios.firstBlock(t);
        assertThat(blocked.event().actor()).isEqualTo("app2");
        assertThat(blocked.event().action())
                .contains("folio_wait_stable()")
                .contains("ecde48a1a6b3")
                .contains("F0 is under writeback");
        legsAgreeAndTheWriteLandsAfter(t, "writeback");
    }

    @Test
    void aStoreThroughAMappingOfANodatasumFileStillWaitsInBtrfsPageMkwrite() {
        Trace t = betweenTheLegs(raced(true, STORE));
        Snapshot blocked = Scenarios.firstBlock(t);
        assertThat(blocked.event().action()).contains("btrfs_page_mkwrite()");
        assertThat(t.violatedInvariants()).isEmpty();
    }

    @Test
    void theStableWritesPolicyMakesTheNodatasumWriteWaitAsEveryBtrfsWriteDidBefore615() {
        Trace t = Scenarios.run(raced(true, WRITE), Policy.STABLE_WRITES, "app", "flusher:submit", "leg0", "app2");
        assertThat(t.snapshots()).anyMatch(s -> s.event().kind() == EventKind.BLOCKED);
        assertThat(t.violatedInvariants()).isEmpty();
    }

    @Test
    void theExplorerFindsTheWhatIfsDivergenceAndProvesEveryWriterSafeOnTodaysBtrfs() {
        ExploreResult nodatasum = Explorer.explore(new Simulator(raced(true, WRITE), Policy.NO_ORDERED_EXTENT_WAIT));
        assertThat(nodatasum.complete()).isTrue();
        assertThat(nodatasum.violated()).contains("mirrors-agree", "stable-page-unchanged-during-writeback");
        assertThat(nodatasum.violation("mirrors-agree").orElseThrow().detail())
                .isEqualTo("block 0: leg0 holds 'AAAA', leg1 holds 'BBBB'");
        // both writers storing through the mapping: every store during writeback faults and waits
        Scenario stores = raced(true, new Operation.MmapStore(0, "AAAA"), STORE);
        for (Scenario safe : List.of(raced(true, WRITE), raced(false, WRITE), raced(false, STORE), stores)) {
            ExploreResult r = Explorer.explore(new Simulator(safe, Policy.NO_STABLE_WRITES));
            assertThat(r.complete()).isTrue();
            assertThat(r.violated()).isEmpty();
        }
    }

    @Test
    void theWhatIfChangesNothingForAChecksummedFileOrAStore() {
        for (Operation second : List.of(WRITE, STORE)) {
            Trace t = betweenTheLegs(raced(second == STORE, second), Policy.NO_ORDERED_EXTENT_WAIT);
            assertThat(t.snapshots()).anyMatch(s -> s.event().kind() == EventKind.BLOCKED);
            assertThat(t.violatedInvariants()).isEmpty();
        }
    }

    @Test
    void onAnotherFileSystemTheDeviceStackDecidesAsBefore() {
        Scenario xfs = Scenarios.raid1()
                .fs(Filesystem.XFS)
                .page("A", "AAAA")
                .page("N", "BBBB")
                .actor("app", new Operation.BufferedWrite(List.of("A"), 0))
                .actor("flusher", new Operation.Writeback("wb1", 0, 1))
                .actor("app2", WRITE)
                .build();
        assertThat(betweenTheLegs(xfs).violatedInvariants()).contains("mirrors-agree");
    }
}
