package org.diolab.lesson;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.entry;

import java.util.List;
import org.diolab.engine.EventKind;
import org.diolab.engine.Snapshot;
import org.diolab.engine.Trace;
import org.diolab.engine.ViolationAt;
import org.diolab.engine.model.Crc32c;
import org.diolab.engine.model.IoResult;
import org.diolab.engine.model.World;
import org.diolab.engine.op.Policy;
import org.junit.jupiter.api.Test;

/**
 * Pins what the S000, S002, S003 (scenario B, stable writes) and S004 lessons must show: the step where each
 * invariant breaks, who waits for whom, and what each system call returns.
 */
class IssueFourLessonsTest {
    private static final LessonLibrary LIBRARY = LessonLoader.loadBundled();

    private static Trace play(String lesson, Policy policy) {
        return LIBRARY.find(lesson).orElseThrow().play(policy);
    }

    private static Snapshot onset(Trace t, String invariant) {
        ViolationAt v = t.violationOnsets().stream()
                .filter(o -> o.invariant().equals(invariant))
                .findFirst()
                .orElseThrow(() -> new AssertionError(invariant + " never breaks"));
        return t.get(v.step());
    }

    private static String at(Snapshot s) {
        return s.event().actor() + "." + s.event().label();
    }

    /** actor.label of every step actually taken, in order. */
    private static List<String> steps(Trace t) {
        return t.snapshots().stream()
                .filter(s -> s.event().kind() == EventKind.STEP)
                .map(IssueFourLessonsTest::at)
                .toList();
    }

    private static List<String> blocked(Trace t) {
        return t.snapshots().stream()
                .filter(s -> s.event().kind() == EventKind.BLOCKED)
                .map(IssueFourLessonsTest::at)
                .toList();
    }

    private static IoResult result(Trace t, String actor) {
        return t.last().state().world().results().stream()
                .filter(r -> r.actor().equals(actor))
                .findFirst()
                .orElseThrow(() -> new AssertionError(actor + " returned nothing"));
    }

    @Test
    void falseChecksumErrorAppearsAtVerificationOfGoodDataUnderZeroCopyOnly() {
        Trace broken = play("dio-read-false-checksum-error", Policy.ZERO_COPY);
        assertThat(at(onset(broken, "no-false-checksum-error"))).isEqualTo("app.verify");
        assertThat(result(broken, "app").outcome()).isEqualTo("EIO");
        assertThat(broken.last().state().world().device("ssd").block(0)).isEqualTo("AAAA");
        assertThat(broken.last().state().world().csums())
                .as("the file starts checksummed; nothing rewrites it")
                .containsExactly(entry(0, Crc32c.of("AAAA")));
        assertThat(steps(broken))
                .containsExactly(
                        "app.pin",
                        "app.build-bio",
                        "app.submit",
                        "ssd.dma",
                        "app2.store",
                        "app.end-io",
                        "app.verify",
                        "app.unpin",
                        "app.return");
        for (Policy fixed : List.of(Policy.BOUNCE, Policy.LAZY_BOUNCE)) {
            Trace t = play("dio-read-false-checksum-error", fixed);
            assertThat(result(t, "app").outcome()).as(fixed.id()).isEqualTo("ok");
            assertThat(t.last().state().world().page("B").bytes())
                    .as(fixed.id())
                    .isEqualTo("AAAA");
        }
        assertThat(steps(play("dio-read-false-checksum-error", Policy.LAZY_BOUNCE)))
                .as("lazy bounce reads twice, the second time through a bounce page")
                .containsSubsequence(
                        "app.verify", "app.alloc-bounce", "app.submit", "ssd.dma", "app.verify", "app.copy-back");
        assertThat(steps(play("dio-read-false-checksum-error", Policy.BOUNCE)))
                .as("the user buffer stays pinned until the verified data is copied into it")
                .containsSubsequence("app.pin", "app.alloc-bounce", "app.verify", "app.copy-back", "app.unpin");
    }

    @Test
    void nowaitReadReturnsEagainBeforeAllocatingUnderBounce() {
        Trace fixed = play("nowait-meets-bounce", Policy.BOUNCE);
        assertThat(steps(fixed).stream().filter(s -> s.startsWith("app.")).toList())
                .containsExactly("app.eagain");
        assertThat(result(fixed, "app").outcome()).isEqualTo("EAGAIN");
        assertThat(result(fixed, "app2").outcome()).isEqualTo("ok");
        Trace broken = play("nowait-meets-bounce", Policy.BOUNCE_UNCHECKED);
        assertThat(at(onset(broken, "nowait-never-blocks"))).isEqualTo("app.alloc-bounce");
        assertThat(broken.violatedInvariants()).containsExactly("nowait-never-blocks");
        assertThat(result(play("nowait-meets-bounce", Policy.ZERO_COPY), "app").outcome())
                .isEqualTo("ok");
        assertThat(result(broken, "app").detail()).isEqualTo("B = 'AAAA'");
    }

    @Test
    void writebackWithoutStableWritesSplitsTheLegsAtTheSecondDma() {
        Trace broken = play("writeback-without-stable-writes", Policy.NO_STABLE_WRITES);
        assertThat(at(onset(broken, "stable-page-unchanged-during-writeback"))).isEqualTo("app2.buffered-copy");
        assertThat(at(onset(broken, "mirrors-agree"))).isEqualTo("leg1.dma");
        Trace fixed = play("writeback-without-stable-writes", Policy.STABLE_WRITES);
        assertThat(blocked(fixed)).containsExactly("app2.buffered-copy");
        List<String> order = steps(fixed);
        assertThat(order.indexOf("app2.buffered-copy")).isGreaterThan(order.indexOf("flusher.writeback-end"));
        for (Trace t : List.of(broken, fixed)) {
            World w = t.last().state().world();
            assertThat(w.device("leg0").block(0))
                    .isEqualTo("BBBB")
                    .isEqualTo(w.device("leg1").block(0));
        }
    }

    @Test
    void plainMembersLetBothWritersChangeTheFolioUnderWriteback() {
        Lesson l = LIBRARY.find("who-sets-stable-writes").orElseThrow();
        World start = l.scenario(Policy.NO_STABLE_WRITES).initial();
        assertThat(start.volume().stableWrites()).isFalse();
        assertThat(start.device("nvme0").stableWrites()).isFalse();
        Trace plain = l.play(Policy.NO_STABLE_WRITES);
        assertThat(blocked(plain)).isEmpty();
        assertThat(at(onset(plain, "stable-page-unchanged-during-writeback"))).isEqualTo("app2.buffered-copy");
        assertThat(plain.last().state().world().incidents())
                .extracting(i -> i.detail())
                .containsExactly(
                        "F0 changed from 'AAAA' to 'BBBB' during writeback",
                        "F0 changed from 'BBBB' to 'CCCC' during writeback");
        Snapshot split = onset(plain, "mirrors-agree");
        assertThat(at(split)).isEqualTo("nvme1.dma");
        assertThat(split.event().action()).contains("reads F0 = 'CCCC'");
        World end = plain.last().state().world();
        assertThat(end.device("nvme0").block(0))
                .isEqualTo("CCCC")
                .isEqualTo(end.device("nvme1").block(0));
    }

    @Test
    void aProtectionInformationLegGivesTheArrayStableWritesAndBothWritersWait() {
        Lesson l = LIBRARY.find("who-sets-stable-writes").orElseThrow();
        World start = l.scenario(Policy.STABLE_WRITES).initial();
        assertThat(start.device("nvme0").stableWrites()).isTrue();
        assertThat(start.device("nvme1").stableWrites()).isFalse();
        assertThat(start.volume().stableWrites())
                .as("md0 inherits the flag from one member")
                .isTrue();
        assertThat(l.choice(Policy.STABLE_WRITES).orElseThrow().stableLegs()).containsExactly("nvme0");
        Trace asked = l.play(Policy.STABLE_WRITES);
        assertThat(asked.violatedInvariants()).isEmpty();
        assertThat(blocked(asked)).containsExactly("app2.buffered-copy", "app3.mmap-store");
        List<String> order = steps(asked);
        assertThat(order.indexOf("app3.mmap-store")).isGreaterThan(order.indexOf("flusher.writeback-end"));
        assertThat(order.indexOf("app2.buffered-copy")).isGreaterThan(order.indexOf("flusher.writeback-end"));
        World end = asked.last().state().world();
        assertThat(end.device("nvme0").block(0))
                .isEqualTo("BBBB")
                .isEqualTo(end.device("nvme1").block(0));
    }

    @Test
    void asyncChecksumVariantsBreakExactlyWhereS004Says() {
        Trace noIter = play("async-csum-pipelining", Policy.ASYNC_CSUM_NO_SAVED_ITER);
        assertThat(at(onset(noIter, "checksum-covers-bio"))).isEqualTo("kworker.csum-work");
        assertThat(at(onset(noIter, "checksum-matches")))
                .as("no sums computed: the old ones stay in the table")
                .isEqualTo("app.end-io");
        assertThat(blocked(noIter)).containsExactly("app.end-io");
        assertThat(noIter.last().state().world().csums())
                .containsExactly(entry(0, Crc32c.of("0000")), entry(1, Crc32c.of("1111")));

        Trace noWait = play("async-csum-pipelining", Policy.ASYNC_CSUM_NO_WAIT);
        assertThat(blocked(noWait)).isEmpty();
        assertThat(at(onset(noWait, "checksum-matches")))
                .as("end_io completes the write before any sum exists")
                .isEqualTo("app.end-io");
        assertThat(at(onset(noWait, "no-use-after-free"))).isEqualTo("kworker.csum-work");
        assertThat(steps(noWait).indexOf("app.end-io")).isLessThan(steps(noWait).indexOf("kworker.csum-work"));

        Trace fixed = play("async-csum-pipelining", Policy.ASYNC_CSUM);
        assertThat(blocked(fixed)).containsExactly("app.end-io");
        assertThat(steps(fixed))
                .containsSubsequence("app.queue-csum", "app.submit", "nvme.dma", "kworker.csum-work", "app.end-io");
        assertThat(fixed.violatedInvariants()).isEmpty();
        assertThat(fixed.last().state().world().csums())
                .containsExactly(entry(0, Crc32c.of("AAAA")), entry(1, Crc32c.of("BBBB")));

        Trace baseline = play("async-csum-pipelining", Policy.BUFFERED_FALLBACK);
        assertThat(steps(baseline))
                .containsSubsequence("app.csum", "app.submit")
                .doesNotContain("kworker.csum-work");
        assertThat(baseline.last().state().world().csums())
                .containsExactly(entry(0, Crc32c.of("AAAA")), entry(1, Crc32c.of("BBBB")));
    }

    @Test
    void sharedDioReadsMakeTheWriterAndTheNextReaderWaitInAConvoy() {
        Trace convoy = play("ext4-dio-lock-convoy", Policy.SHARED_LOCK_DIO_READS);
        assertThat(blocked(convoy)).containsExactly("r1.end-io", "r2.end-io", "w.lock", "r3.lock", "w2.lock");
        List<String> order = steps(convoy);
        assertThat(order.indexOf("w.lock"))
                .isGreaterThan(order.indexOf("r1.unlock"))
                .isGreaterThan(order.indexOf("r2.unlock"));
        assertThat(order.indexOf("r3.lock")).isGreaterThan(order.indexOf("w.unlock"));
        for (Policy fixed : List.of(Policy.DIOREAD_NOLOCK, Policy.SHARED_LOCK_DIO_WRITES)) {
            Trace t = play("ext4-dio-lock-convoy", fixed);
            // only the appending writer (an extending write: i_rwsem exclusive under every scheme) still waits
            assertThat(blocked(t)).as(fixed.id()).containsExactly("r1.end-io", "r2.end-io", "w2.lock");
            List<String> o = steps(t);
            assertThat(o.indexOf("r3.submit")).as(fixed.id()).isLessThan(o.indexOf("nvme0n1.dma"));
            assertThat(o.indexOf("w.submit")).as(fixed.id()).isLessThan(o.indexOf("nvme0n1.dma"));
        }
        List<String> later = steps(play("ext4-dio-lock-convoy", Policy.SHARED_LOCK_DIO_WRITES));
        assertThat(later.indexOf("w2.lock"))
                .as("under the later fix the append waits for every reader and the overwrite")
                .isGreaterThan(later.indexOf("r1.unlock"))
                .isGreaterThan(later.indexOf("r2.unlock"))
                .isGreaterThan(later.indexOf("r3.unlock"))
                .isGreaterThan(later.indexOf("w.unlock"));
        for (Policy p : List.of(
                Policy.SHARED_LOCK_DIO_READS,
                Policy.DIO_LOCKING,
                Policy.DIOREAD_NOLOCK,
                Policy.SHARED_LOCK_DIO_WRITES)) {
            assertThat(play("ext4-dio-lock-convoy", p).violatedInvariants())
                    .as(p.id())
                    .isEmpty();
        }
    }

    @Test
    void dioLockingReadsDropTheLockBeforeTheDeviceSoOnlyTheWriteIsWaitedFor() {
        Trace t = play("ext4-dio-lock-convoy", Policy.DIO_LOCKING);
        assertThat(blocked(t))
                .as("the writer waits for nobody; reader 3 and the appending writer wait for the writer")
                .containsExactly("r3.lock", "w2.lock");
        List<String> o = steps(t);
        assertThat(o)
                .containsSubsequence(
                        "r1.lock", "r1.submit", "r1.unlock", "r2.lock", "r2.submit", "r2.unlock", "w.lock");
        int firstDma = o.indexOf("nvme0n1.dma");
        assertThat(o.indexOf("w.lock"))
                .as("the writer gets i_rwsem while both reads are still in flight")
                .isLessThan(firstDma);
        assertThat(o.indexOf("r3.lock")).isGreaterThan(o.indexOf("w.unlock"));
        assertThat(o.indexOf("r3.unlock")).isLessThan(o.lastIndexOf("nvme0n1.dma"));
        Lesson l = LIBRARY.find("ext4-dio-lock-convoy").orElseThrow();
        assertThat(l.numbers())
                .allSatisfy(table -> assertThat(table.rows())
                        .allSatisfy(row -> assertThat(row.policy())
                                .isEqualTo(row.label().endsWith("w/o") ? "dio-locking" : "shared-lock-dio-reads")));
    }
}
