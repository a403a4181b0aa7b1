package org.diolab.lesson;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.groups.Tuple.tuple;

import java.util.List;
import org.diolab.engine.EventKind;
import org.diolab.engine.Snapshot;
import org.diolab.engine.Trace;
import org.diolab.engine.ViolationAt;
import org.diolab.engine.model.Crc32c;
import org.diolab.engine.model.Incident;
import org.diolab.engine.model.IncidentKind;
import org.diolab.engine.model.IoResult;
import org.diolab.engine.op.Policy;
import org.junit.jupiter.api.Test;

/**
 * two-dios-one-page: Kara's cases on one page P. Scene 1, read vs write; scene 2, read vs read; scene 3, read vs read
 * with one of the two reads always bounced: bouncing one is not enough, the fix bounces both.
 */
class TwoDiosOnePageLessonTest {
    private final Lesson lesson =
            LessonLoader.loadBundled().find("two-dios-one-page").orElseThrow();

    @Test
    void zeroCopyBreaksTheWritesChecksumAtItsEndIoInSceneOneAndFailsTheFirstReadInSceneTwo() {
        Trace t = lesson.play(Policy.ZERO_COPY);
        List<ViolationAt> onsets = t.violationOnsets();
        assertThat(onsets)
                .extracting(ViolationAt::invariant)
                .containsExactly("checksum-matches", "no-false-checksum-error", "no-eio-with-a-good-copy");
        Snapshot broken = t.get(onsets.get(0).step());
        assertThat(broken.event().actor() + "." + broken.event().label()).isEqualTo("t2.end-io");
        assertThat(broken.event().action()).contains("end_io for w2");
        assertThat(broken.state().world().csums().get(0)).isEqualTo(Crc32c.of("AAAA"));
        assertThat(broken.state().world().device("disk").block(0)).isEqualTo("1111");
        Snapshot writeDma = t.snapshots().stream()
                .filter(s -> s.event().action().contains("DMA for w2"))
                .findFirst()
                .orElseThrow();
        assertThat(writeDma.event().action()).contains("reads P = '1111'");
        assertThat(writeDma.violations()).isEmpty();

        assertThat(t.get(onsets.get(1).step()).event().action()).contains("t1 verifies r3");
    }

    @Test
    void bouncingOnlyOneOfTheTwoReadsStillFailsTheDirectOneBecauseOfTheBouncedReadsCopy() {
        Trace t = lesson.play(Policy.ZERO_COPY);
        List<String> r6 = t.snapshots().stream()
                .filter(s -> s.event().kind() == EventKind.STEP
                        && s.event().actor().equals("t2")
                        && s.event().action().contains("r6"))
                .map(s -> s.event().label())
                .toList();
        assertThat(r6)
                .as("r6 is pinned to bounce under the zero-copy toggle")
                .containsSequence("alloc-bounce", "build-bio", "submit");
        int dmaR5 = index(t, "DMA for r5");
        int copyBack = index(t, "r6.k0 '1111' → P");
        int verifyR5 = index(t, "t1 verifies r5");
        assertThat(dmaR5).isLessThan(copyBack);
        assertThat(copyBack).isLessThan(verifyR5);
        assertThat(t.get(verifyR5).event().action()).contains("MISMATCH");

        List<Incident> falseErrors = t.last().state().world().incidents().stream()
                .filter(i -> i.kind() == IncidentKind.FALSE_CHECKSUM_ERROR)
                .toList();
        assertThat(falseErrors)
                .extracting(Incident::detail)
                .satisfiesExactly(
                        d -> assertThat(d).startsWith("r3:"), d -> assertThat(d).startsWith("r5:"));
        assertThat(t.last().state().world().results())
                .extracting(IoResult::op, IoResult::outcome)
                .containsExactly(
                        tuple("r1", "ok"),
                        tuple("r3", "EIO"),
                        tuple("r4", "ok"),
                        tuple("r6", "ok"),
                        tuple("r5", "EIO"));
    }

    @Test
    void bouncingEveryIoKeepsBlockZeroAndEveryReadIntact() {
        Trace t = lesson.play(Policy.BOUNCE);
        assertThat(t.violatedInvariants()).isEmpty();
        var world = t.last().state().world();
        assertThat(world.device("disk").block(0)).isEqualTo("AAAA");
        assertThat(world.csums().get(0)).isEqualTo(Crc32c.of("AAAA"));
        assertThat(world.results())
                .extracting(IoResult::op, IoResult::detail)
                .containsExactly(
                        tuple("r1", "P = '1111'"),
                        tuple("r3", "P = '2222'"),
                        tuple("r4", "P = '1111'"),
                        tuple("r6", "P = '1111'"),
                        tuple("r5", "P = '2222'"));
    }

    private static int index(Trace t, String action) {
        return t.snapshots().stream()
                .filter(s -> s.event().action().contains(action))
                .mapToInt(Snapshot::index)
                .findFirst()
                .orElseThrow(() -> new AssertionError("no step " + action));
    }
}
