package org.diolab.lesson;

import static org.assertj.core.api.Assertions.assertThat;

import org.diolab.engine.Snapshot;
import org.diolab.engine.Trace;
import org.diolab.engine.model.IoResult;
import org.diolab.engine.op.Policy;
import org.junit.jupiter.api.Test;

/** dio-write-vs-checksum: what the guest's store does to a zero-copy write, and why the fallback and bounce hold. */
class DioWriteVsChecksumLessonTest {
    private final Lesson lesson = LessonLoader.loadBundled().find("dio-write-vs-checksum").orElseThrow();

    @Test
    void zeroCopyStoresTheGuestsNewBytesUnderTheOldChecksumAndTheVerifyingReaderGetsEio() {
        Trace t = lesson.play(Policy.ZERO_COPY);
        Snapshot first = t.get(t.firstViolationIndex());
        assertThat(first.event().actor()).isEqualTo("disk");
        assertThat(first.event().action()).contains("w1").contains("'BBBB'");
        assertThat(t.last().state().world().results()).singleElement()
                .satisfies(r -> assertThat(r.outcome()).isEqualTo("EIO"));
    }

    @Test
    void theBufferedFallbackWritesFromTheFolioSoTheReaderGetsTheDataAsSubmitted() {
        Trace t = lesson.play(Policy.BUFFERED_FALLBACK);
        assertThat(t.snapshots()).anySatisfy(s -> assertThat(s.event().action())
                .contains("builds write bio w1: bvecs point from F0"));
        var world = t.last().state().world();
        assertThat(world.page("R").bytes()).isEqualTo("AAAA");
        assertThat(world.results()).extracting(IoResult::outcome).containsExactly("ok");
    }

    @Test
    void bounceWritesFromAKernelPageAndFreesIt() {
        var world = lesson.play(Policy.BOUNCE).last().state().world();
        assertThat(world.page("w1.k0").freed()).isTrue();
        assertThat(world.device("disk").block(0)).isEqualTo("AAAA");
    }
}
