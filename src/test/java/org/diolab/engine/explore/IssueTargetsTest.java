package org.diolab.engine.explore;

import static org.assertj.core.api.Assertions.assertThat;

import org.diolab.engine.op.Policy;
import org.diolab.lesson.Lesson;
import org.diolab.lesson.LessonLoader;
import org.junit.jupiter.api.Test;

/**
 * The explorer results issue 3 asks for, on the shipped lessons: each broken policy's bug is found in some
 * interleaving, and each fix is proven in all of them.
 */
class IssueTargetsTest {
    private static ExploreResult explore(String lesson, Policy p) {
        Lesson l = LessonLoader.loadBundled().find(lesson).orElseThrow();
        ExploreResult r = Explorer.explore(l.simulator(p));
        assertThat(r.complete())
                .as("%s under %s explored completely", lesson, p.id())
                .isTrue();
        return r;
    }

    @Test
    void karasABversusBADeadlockUnderExclusivePinsAndNoneWithTheUncachedFallback() {
        assertThat(explore("exclusive-pin-deadlock", Policy.EXCLUSIVE_PIN).violated())
                .contains("no-deadlock");
        ExploreResult r = explore("exclusive-pin-deadlock", Policy.EXCLUSIVE_PIN);
        assertThat(r.deadlocks()).isNotEmpty();
        assertThat(r.deadlocks().getFirst().cycle()).containsExactlyInAnyOrder("t1", "t2");
        assertThat(explore("exclusive-pin-deadlock", Policy.EXCLUSIVE_PIN_UNCACHED)
                        .violated())
                .isEmpty();
    }

    @Test
    void mirrorDivergenceUnderZeroCopyAndNoneUnderBounceOrBufferedFallback() {
        assertThat(explore("raid1-mirrors-diverge", Policy.ZERO_COPY).violated())
                .contains("mirrors-agree");
        assertThat(explore("raid1-mirrors-diverge", Policy.BOUNCE).violated()).isEmpty();
        // a checksummed two-leg write: here 968f19c5b1b7's fallback applies
        assertThat(explore("price-of-one-copy", Policy.ZERO_COPY).violated()).contains("mirrors-agree");
        assertThat(explore("price-of-one-copy", Policy.BUFFERED_FALLBACK).violated())
                .isEmpty();
        assertThat(explore("price-of-one-copy", Policy.BOUNCE).violated()).isEmpty();
    }

    @Test
    void aNodatasumFilesLegsDivergeOnlyInTheWhatIfWithoutTheOrderedExtentWait() {
        // issue 23: since ecde48a1a6b3 only checksummed inodes have stable writes, but a nodatasum file's write(2)
        // still waits for the folio's ordered extent; only the what-if without that wait splits the legs
        ExploreResult r = explore("btrfs-raid1-buffered-writeback", Policy.NO_ORDERED_EXTENT_WAIT);
        assertThat(r.violated()).contains("mirrors-agree", "stable-page-unchanged-during-writeback");
        assertThat(r.violation("mirrors-agree").orElseThrow().detail()).startsWith("block 0:");
        assertThat(explore("btrfs-raid1-buffered-writeback", Policy.NO_STABLE_WRITES)
                        .violated())
                .isEmpty();
        assertThat(explore("btrfs-raid1-buffered-writeback", Policy.STABLE_WRITES)
                        .violated())
                .isEmpty();
    }

    @Test
    void useAfterFreeAndEmptyChecksumInTheBrokenAsyncCsumVariantsAndNoneInAsyncCsum() {
        assertThat(explore("async-csum-pipelining", Policy.ASYNC_CSUM_NO_WAIT).violated())
                .contains("no-use-after-free");
        assertThat(explore("async-csum-pipelining", Policy.ASYNC_CSUM_NO_SAVED_ITER)
                        .violated())
                .contains("checksum-covers-bio");
        assertThat(explore("async-csum-pipelining", Policy.ASYNC_CSUM).violated())
                .isEmpty();
    }
}
