package org.diolab.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.diolab.engine.Scenarios.read;
import static org.diolab.engine.Scenarios.run;

import java.util.List;
import org.diolab.engine.explore.ExploreResult;
import org.diolab.engine.explore.Explorer;
import org.diolab.engine.model.Filesystem;
import org.diolab.engine.model.IoResult;
import org.diolab.engine.op.Operation;
import org.diolab.engine.op.Policy;
import org.junit.jupiter.api.Test;

/** The two engine bugs of issue 11, each pinned by the scenario that exposed it. */
class EngineBugRegressionTest {
    /** Two DONTCACHE readers of the same checksummed block, nothing else: no write anywhere. */
    private final Scenario twoUncachedReaders = Scenarios.disk()
            .page("R1", "....")
            .page("R2", "....")
            .actor("r1", read("r1", "R1", 0, "disk"))
            .actor("r2", read("r2", "R2", 0, "disk"))
            .build();

    @Test
    void aSecondDontcacheReaderWaitsForTheFolioAnotherReaderIsFilling() {
        // r1 adds F0 (locked, not uptodate); r2 then finds it: before the fix it copied '????' out of it.
        Trace t = run(twoUncachedReaders, Policy.DONTCACHE, "r1:add-folio", "r2:add-folio", "r2", "r1");
        Snapshot blocked = Scenarios.firstBlock(t);
        assertThat(blocked.event().actor()).isEqualTo("r2");
        assertThat(blocked.event().action()).contains("F0 to become uptodate");
        assertThat(t.violatedInvariants()).isEmpty();
        assertThat(t.last().state().world().results())
                .extracting(IoResult::detail)
                .containsExactlyInAnyOrder("R1 = '0000'", "R2 = '0000'");
    }

    @Test
    void noInterleavingOfTwoDontcacheReadersReturnsBytesNobodyWrote() {
        ExploreResult r = Explorer.explore(new Simulator(twoUncachedReaders, Policy.DONTCACHE));
        assertThat(r.complete()).isTrue();
        assertThat(r.violated()).isEmpty();
        assertThat(r.deadlocks()).isEmpty();
    }

    /**
     * The flusher writes block 0 back under async checksums while T2 changes the folio, by write(2) and through a
     * shared mapping. Before the fix the kworker could checksum T2's bytes while the disk got the earlier ones.
     */
    private Scenario writebackRacedBy(Filesystem fs) {
        return Scenarios.disk()
                .fs(fs)
                .page("A", "AAAA")
                .page("B", "BBBB")
                .actor("app", new Operation.BufferedWrite(List.of("A"), 0))
                .actor("flusher", new Operation.Writeback("wb1", 0, 1))
                .actor("t2", new Operation.BufferedWrite(List.of("B"), 0), new Operation.MmapStore(0, "CCCC"))
                .build();
    }

    @Test
    void btrfsMakesAWriteAndAnMmapStoreWaitForWritebackSoAsyncChecksumsHold() {
        for (Policy p : List.of(Policy.ASYNC_CSUM, Policy.BUFFERED_FALLBACK, Policy.ZERO_COPY)) {
            ExploreResult r = Explorer.explore(new Simulator(writebackRacedBy(Filesystem.BTRFS), p));
            assertThat(r.complete()).as(p.id()).isTrue();
            assertThat(r.violated()).as(p.id()).isEmpty();
        }
    }

    @Test
    void asyncChecksumsBringBtrfsRulesEvenWhereTheLessonNamesNoFileSystem() {
        ExploreResult r = Explorer.explore(new Simulator(writebackRacedBy(Filesystem.GENERIC), Policy.ASYNC_CSUM));
        assertThat(r.violated()).isEmpty();
    }

    @Test
    void theScriptedRaceWaitsInFolioWaitStableAndTheDiskGetsWhatWasChecksummed() {
        Trace t = run(
                writebackRacedBy(Filesystem.BTRFS),
                Policy.ASYNC_CSUM,
                "app",
                "flusher:submit",
                "t2",
                "kworker",
                "disk");
        Snapshot blocked = Scenarios.firstBlock(t);
        // a checksummed btrfs inode's mapping has stable writes (ecde48a1a6b3): write(2) waits in folio_wait_stable()
        assertThat(blocked.event().action())
                .contains("folio_wait_stable()")
                .contains("checksummed inode's mapping stable writes")
                .contains("F0 is under writeback");
        assertThat(t.violatedInvariants()).isEmpty();
    }

    @Test
    void withoutTheFileSystemsWaitTheSameRaceBreaksTheChecksum() {
        // A checksummed file whose page cache nobody protects: what the engine did to btrfs before the fix.
        ExploreResult r = Explorer.explore(new Simulator(writebackRacedBy(Filesystem.GENERIC), Policy.ZERO_COPY));
        assertThat(r.violated()).contains("checksum-matches", "stable-page-unchanged-during-writeback");
    }
}
