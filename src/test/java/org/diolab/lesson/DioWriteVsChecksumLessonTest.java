package org.diolab.lesson;

import static org.assertj.core.api.Assertions.assertThat;

import org.diolab.engine.Snapshot;
import org.diolab.engine.Trace;
import org.diolab.engine.model.Crc32c;
import org.diolab.engine.model.IoResult;
import org.diolab.engine.op.Policy;
import org.junit.jupiter.api.Test;

/** dio-write-vs-checksum: what the guest's store does to a zero-copy write, and why the fallback and bounce hold. */
class DioWriteVsChecksumLessonTest {
    private final Lesson lesson =
            LessonLoader.loadBundled().find("dio-write-vs-checksum").orElseThrow();

    @Test
    void zeroCopyPutsTheOldBytesChecksumInTheTableAtEndIoAndTheReadBackGetsEio() {
        Trace t = lesson.play(Policy.ZERO_COPY);
        Snapshot dma = t.snapshots().stream()
                .filter(s -> s.event().actor().equals("disk"))
                .findFirst()
                .orElseThrow();
        assertThat(dma.event().action()).contains("w1").contains("reads P = 'BBBB'");
        assertThat(dma.violations()).isEmpty();

        Snapshot first = t.get(t.firstViolationIndex());
        assertThat(first.event().actor()).isEqualTo("qemu");
        assertThat(first.event().label()).isEqualTo("end-io");
        assertThat(first.event().action()).contains("end_io for w1");
        assertThat(first.violations()).extracting(v -> v.invariant()).containsExactly("checksum-matches");
        assertThat(first.state().world().csums().get(0)).isEqualTo(Crc32c.of("AAAA"));
        assertThat(t.last().state().world().results())
                .singleElement()
                .satisfies(r -> assertThat(r.outcome()).isEqualTo("EIO"));
    }

    @Test
    void theBufferedFallbackWritesFromTheFolioSoTheReadBackGetsTheDataAsSubmitted() {
        Trace t = lesson.play(Policy.BUFFERED_FALLBACK);
        assertThat(t.snapshots())
                .anySatisfy(s -> assertThat(s.event().action()).contains("builds write bio w1: bvecs point from F0"));
        var world = t.last().state().world();
        assertThat(world.page("P").bytes()).isEqualTo("BBBB");
        assertThat(world.page("R").bytes()).isEqualTo("AAAA");
        assertThat(world.csums().get(0)).isEqualTo(Crc32c.of("AAAA"));
        assertThat(world.results()).extracting(IoResult::outcome).containsExactly("ok");
        assertThat(t.violatedInvariants()).isEmpty();
    }

    @Test
    void bounceWritesFromAKernelPageAndFreesIt() {
        var world = lesson.play(Policy.BOUNCE).last().state().world();
        assertThat(world.page("w1.k0").freed()).isTrue();
        assertThat(world.device("disk").block(0)).isEqualTo("AAAA");
        assertThat(world.page("R").bytes()).isEqualTo("AAAA");
        assertThat(world.results()).extracting(IoResult::outcome).containsExactly("ok");
    }
}
