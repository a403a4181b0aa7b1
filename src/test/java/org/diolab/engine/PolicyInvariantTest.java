package org.diolab.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.diolab.engine.Scenarios.read;
import static org.diolab.engine.Scenarios.run;
import static org.diolab.engine.Scenarios.store;
import static org.diolab.engine.Scenarios.write;

import java.util.List;
import org.diolab.engine.model.IoResult;
import org.diolab.engine.model.PageFlag;
import org.diolab.engine.op.Operation;
import org.diolab.engine.op.Policy;
import org.junit.jupiter.api.Test;

/** For every policy and invariant: a scenario where it breaks and one where it holds. */
class PolicyInvariantTest {
    /** T1 writes B (checksummed); T2 stores into B after the checksum, before the DMA. */
    private final Scenario storeDuringWrite = Scenarios.disk()
            .page("B", "AAAA")
            .actor("t1", write("w1", "B", 0))
            .actor("t2", store("B", "BBBB"))
            .build();

    @Test
    void checksumMatchesBreaksUnderZeroCopyAndHoldsUnderEveryFix() {
        assertThat(run(storeDuringWrite, Policy.ZERO_COPY, "t1:submit", "t2").violatedInvariants())
                .containsExactly("checksum-matches");
        for (Policy fixed :
                List.of(Policy.BOUNCE, Policy.BUFFERED_FALLBACK, Policy.DONTCACHE, Policy.WRITE_PROTECT_ON_PIN)) {
            assertThat(run(storeDuringWrite, fixed, "t1:submit", "t2").violatedInvariants())
                    .as(fixed.id())
                    .isEmpty();
        }
    }

    @Test
    void writeProtectOnPinMakesTheStoreWaitForTheUnpin() {
        Trace t = run(storeDuringWrite, Policy.WRITE_PROTECT_ON_PIN, "t1:submit", "t2");
        Snapshot blocked = Scenarios.firstBlock(t);
        assertThat(blocked.event().action()).contains("write-protected while pinned");
        List<String> order = t.snapshots().stream()
                .filter(s -> s.event().kind() == EventKind.STEP)
                .map(s -> s.event().actor() + "." + s.event().label())
                .toList();
        assertThat(order.indexOf("t2.store")).isGreaterThan(order.indexOf("t1.unpin"));
        assertThat(t.last().state().world().device("disk").block(0)).isEqualTo("AAAA");
    }

    @Test
    void exclusivePinsOrderIoAgainstIoNotAgainstCpuStores() {
        assertThat(run(storeDuringWrite, Policy.EXCLUSIVE_PIN_UNCACHED, "t1:submit", "t2")
                        .violatedInvariants())
                .containsExactly("checksum-matches");
    }

    @Test
    void dontcacheDropsTheFolioAfterWriting() {
        Trace t = run(storeDuringWrite, Policy.DONTCACHE, "t1:submit", "t2");
        var w = t.last().state().world();
        assertThat(w.page("F0").freed()).isTrue();
        assertThat(w.device("disk").block(0)).isEqualTo("AAAA");
    }

    /** T1 reads block 0 into B; T2 stores into B after the DMA, before verification. */
    private final Scenario storeDuringRead = Scenarios.disk()
            .page("B", "....")
            .page("W", "AAAA")
            .actor("w", write("w0", "W", 0))
            .actor("t1", read("r1", "B", 0, "disk"))
            .actor("t2", store("B", "XXXX"))
            .build();

    /** W's write reaches the disk, T1's read DMAs block 0 into B and ends its I/O, then T2 stores into B. */
    private Trace storeAfterTheReadsDma(Policy p) {
        return run(storeDuringRead, p, "w", "w", "w", "w", "disk", "w", "w", "t1:submit", "disk", "t1:end-io", "t2");
    }

    @Test
    void noFalseChecksumErrorBreaksUnderZeroCopyReads() {
        Trace t = storeAfterTheReadsDma(Policy.ZERO_COPY);
        // one disk, one copy, and it is good: the read fails anyway, so it breaks read repair's promise as well
        assertThat(t.violatedInvariants())
                .containsExactlyInAnyOrder("no-false-checksum-error", "no-eio-with-a-good-copy");
        assertThat(t.last().state().world().results())
                .contains(new IoResult("t1", "r1", "EIO", "checksum verification failed"));
        assertThat(t.last().state().world().device("disk").corruptionErrs())
                .as("btrfs counts the false error against the healthy disk")
                .isEqualTo(1);
    }

    @Test
    void bounceAndLazyBounceReadsReportNoFalseError() {
        for (Policy p : List.of(Policy.BOUNCE, Policy.LAZY_BOUNCE)) {
            Trace t = storeAfterTheReadsDma(p);
            assertThat(t.violatedInvariants()).as(p.id()).isEmpty();
            assertThat(t.last().state().world().results())
                    .as(p.id())
                    .anyMatch(r -> r.actor().equals("t1") && r.outcome().equals("ok"));
        }
    }

    @Test
    void lazyBounceOnlyBouncesAfterAFailure() {
        Scenario calm = Scenarios.disk()
                .page("B", "....")
                .actor("t1", read("r1", "B", 0, "disk"))
                .build();
        Trace t = run(calm, Policy.LAZY_BOUNCE);
        assertThat(t.snapshots()).noneMatch(s -> s.event().label().equals("alloc-bounce"));
        Trace racy = storeAfterTheReadsDma(Policy.LAZY_BOUNCE);
        assertThat(racy.snapshots()).anyMatch(s -> s.event().label().equals("alloc-bounce"));
    }

    @Test
    void readReturnsWrittenBreaksWhenTwoReadsShareABuffer() {
        Scenario overlap = Scenarios.disk()
                .nodatasum()
                .page("P", "....")
                .actor("t1", read("r0", "P", 0, "disk"))
                .actor("t2", read("r1", "P", 1, "disk"))
                .build();
        Trace bad = run(overlap, Policy.ZERO_COPY, "t1:submit", "disk", "t2:submit", "disk", "t1");
        assertThat(bad.violatedInvariants()).containsExactly("read-returns-written");
        Scenario separate = Scenarios.disk()
                .nodatasum()
                .page("P", "....")
                .page("Q", "....")
                .actor("t1", read("r0", "P", 0, "disk"))
                .actor("t2", read("r1", "Q", 1, "disk"))
                .build();
        assertThat(run(separate, Policy.ZERO_COPY, "t1:submit", "disk", "t2:submit", "disk", "t1")
                        .violatedInvariants())
                .isEmpty();
    }

    @Test
    void nowaitNeverBlocksBreaksOnlyWhenBounceIgnoresNowait() {
        Scenario s = Scenarios.disk()
                .page("B", "....")
                .actor("t1", new Operation.DioRead("r1", List.of("B"), 0, "disk", true))
                .build();
        assertThat(run(s, Policy.BOUNCE_UNCHECKED).violatedInvariants()).containsExactly("nowait-never-blocks");
        Trace fixed = run(s, Policy.BOUNCE);
        assertThat(fixed.violatedInvariants()).isEmpty();
        assertThat(fixed.last().state().world().results())
                .singleElement()
                .satisfies(r -> assertThat(r.outcome()).isEqualTo("EAGAIN"));
        assertThat(run(s, Policy.ZERO_COPY).violatedInvariants()).isEmpty();
    }

    /** Scenario B of S003: a buffered write changes a folio while the flusher writes it to both legs. */
    private final Scenario bufferedRace = Scenarios.raid1()
            .nodatasum()
            .page("A", "AAAA")
            .page("B", "BBBB")
            .actor("app", new Operation.BufferedWrite(List.of("A"), 0))
            .actor("flusher", new Operation.Writeback("wb", 0, 1))
            .actor("app2", new Operation.BufferedWrite(List.of("B"), 0))
            .build();

    @Test
    void stablePagesBreakWithoutStableWritesAndHoldWithThem() {
        Trace bad = run(bufferedRace, Policy.NO_STABLE_WRITES, "app", "flusher:submit", "leg0", "app2", "leg1");
        assertThat(bad.violatedInvariants()).containsExactly("mirrors-agree", "stable-page-unchanged-during-writeback");
        Trace good = run(bufferedRace, Policy.STABLE_WRITES, "app", "flusher:submit", "leg0", "app2", "leg1");
        assertThat(good.violatedInvariants()).isEmpty();
        assertThat(good.snapshots())
                .anyMatch(s -> s.event().kind() == EventKind.BLOCKED
                        && s.event().action().contains("folio_wait_stable"));
        assertThat(good.last().state().world().folio(0).has(PageFlag.DIRTY))
                .as("the second write waits, " + "then dirties the folio again")
                .isTrue();
    }

    @Test
    void devicesWithStableWritesMakeTheRaidInheritTheWait() {
        Scenario pi = Scenarios.raid1()
                .nodatasum()
                .stableLegs()
                .page("A", "AAAA")
                .page("B", "BBBB")
                .actor("app", new Operation.BufferedWrite(List.of("A"), 0))
                .actor("flusher", new Operation.Writeback("wb", 0, 1))
                .actor("app2", new Operation.BufferedWrite(List.of("B"), 0))
                .build();
        assertThat(run(pi, Policy.NO_STABLE_WRITES, "app", "flusher:submit", "leg0", "app2", "leg1")
                        .violatedInvariants())
                .isEmpty();
    }

    /** S004 on one disk: writeback of a checksummed folio with the checksum computed by a kworker. */
    private final Scenario asyncCsum = Scenarios.disk()
            .page("A", "AAAA")
            .actor("app", new Operation.BufferedWrite(List.of("A"), 0))
            .actor("flusher", new Operation.Writeback("wb", 0, 1))
            .build();

    @Test
    void checksumCoversBioBreaksWithoutTheSavedIterator() {
        Trace bad = run(asyncCsum, Policy.ASYNC_CSUM_NO_SAVED_ITER, "app", "flusher:submit", "kworker");
        assertThat(bad.violatedInvariants()).contains("checksum-covers-bio");
        Trace good = run(asyncCsum, Policy.ASYNC_CSUM, "app", "flusher:submit", "kworker");
        assertThat(good.violatedInvariants()).isEmpty();
        assertThat(good.last().state().world().csums()).containsKey(0);
    }

    @Test
    void noUseAfterFreeBreaksWhenEndIoDoesNotWaitForCsumDone() {
        Trace bad =
                run(asyncCsum, Policy.ASYNC_CSUM_NO_WAIT, "app", "flusher:submit", "disk", "flusher:end-io", "kworker");
        assertThat(bad.violatedInvariants()).contains("no-use-after-free");
        Trace good = run(asyncCsum, Policy.ASYNC_CSUM, "app", "flusher:submit", "disk", "flusher:end-io", "kworker");
        assertThat(good.violatedInvariants()).isEmpty();
        assertThat(good.snapshots()).anyMatch(s -> s.event().action().contains("end_io waits for csum_done"));
    }

    @Test
    void exclusivePinsDeadlockOnABversusBAAndTheUncachedFallbackDoesNot() {
        Scenario ab = Scenarios.disk()
                .page("A", "AAAA")
                .page("B", "BBBB")
                .actor("t1", new Operation.DioWrite("w1", List.of("A", "B"), 0, false))
                .actor("t2", new Operation.DioRead("r2", List.of("B", "A"), 0, "disk", false))
                .build();
        Trace dead = run(ab, Policy.EXCLUSIVE_PIN, "t1", "t2");
        assertThat(dead.violatedInvariants()).containsExactly("no-deadlock");
        assertThat(dead.last().event().kind()).isEqualTo(EventKind.DEADLOCK);
        assertThat(dead.last().event().action())
                .contains("t1 waits for the exclusive pin on B held by t2")
                .contains("t2 waits for the exclusive pin on A held by t1");
        Trace ok = run(ab, Policy.EXCLUSIVE_PIN_UNCACHED, "t1", "t2");
        assertThat(ok.violatedInvariants()).doesNotContain("no-deadlock");
        assertThat(ok.snapshots()).anyMatch(s -> s.event().action().contains("falls back to uncached"));
    }

    @Test
    void sharedLockReadsMakeTheWriterAndLaterReadersQueue() {
        Scenario convoy = Scenarios.disk()
                .nodatasum()
                .page("R1", "....")
                .page("R2", "....")
                .page("W", "WWWW")
                .actor("reader1", read("r1", "R1", 0, "disk"))
                .actor("writer", write("w", "W", 1))
                .actor("reader2", read("r2", "R2", 0, "disk"))
                .build();
        String[] script = {"reader1:lock", "writer:lock", "reader2:lock"};
        Trace shared = run(convoy, Policy.SHARED_LOCK_DIO_READS, script);
        assertThat(blockedActors(shared)).containsExactly("writer", "reader2");
        assertThat(blockedActors(
                        run(convoy, Policy.DIOREAD_NOLOCK, "reader1:dio-begin", "writer:lock", "reader2:dio-begin")))
                .isEmpty();
        assertThat(blockedActors(run(convoy, Policy.SHARED_LOCK_DIO_WRITES, script)))
                .isEmpty();
    }

    private static List<String> blockedActors(Trace t) {
        return t.snapshots().stream()
                .filter(s -> s.event().kind() == EventKind.BLOCKED)
                .map(s -> s.event().actor())
                .toList();
    }
}
