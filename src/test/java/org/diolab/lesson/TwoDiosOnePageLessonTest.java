package org.diolab.lesson;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.diolab.engine.Trace;
import org.diolab.engine.ViolationAt;
import org.diolab.engine.model.IoResult;
import org.diolab.engine.op.Policy;
import org.junit.jupiter.api.Test;

/** two-dios-one-page: Kara's two tables, read vs write and read vs read on one page P. */
class TwoDiosOnePageLessonTest {
    private final Lesson lesson = LessonLoader.loadBundled().find("two-dios-one-page").orElseThrow();

    @Test
    void zeroCopyBreaksTheWritesChecksumInSceneOneAndFailsTheFirstReadInSceneTwo() {
        Trace t = lesson.play(Policy.ZERO_COPY);
        List<ViolationAt> onsets = t.violationOnsets();
        assertThat(onsets).extracting(ViolationAt::invariant)
                .containsExactly("checksum-matches", "no-false-checksum-error");
        assertThat(t.get(onsets.get(0).step()).event().action()).contains("DMA for w2").contains("reads P = 'CCCC'");
        assertThat(t.get(onsets.get(1).step()).event().action()).contains("t1 verifies r3");
        assertThat(t.last().state().world().results()).extracting(IoResult::op, IoResult::outcome)
                .containsExactly(org.assertj.core.groups.Tuple.tuple("r1", "ok"),
                        org.assertj.core.groups.Tuple.tuple("r3", "EIO"),
                        org.assertj.core.groups.Tuple.tuple("r4", "ok"));
    }

    @Test
    void bouncingEveryIoKeepsBlockZeroAndBothReadsIntact() {
        var world = lesson.play(Policy.BOUNCE).last().state().world();
        assertThat(world.device("disk").block(0)).isEqualTo("AAAA");
        assertThat(world.results()).extracting(IoResult::outcome).containsOnly("ok");
        assertThat(world.results()).filteredOn(r -> r.op().equals("r3")).singleElement()
                .satisfies(r -> assertThat(r.detail()).isEqualTo("P = 'DDDD'"));
    }
}
