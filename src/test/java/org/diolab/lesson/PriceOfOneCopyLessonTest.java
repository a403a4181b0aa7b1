package org.diolab.lesson;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Set;
import org.diolab.engine.EventKind;
import org.diolab.engine.Trace;
import org.diolab.engine.ViolationAt;
import org.diolab.engine.model.Crc32c;
import org.diolab.engine.model.IoResult;
import org.diolab.engine.op.Policy;
import org.junit.jupiter.api.Test;

/** price-of-one-copy: each fix adds one copy per write; only zero-copy loses the mirrors and the checksum. */
class PriceOfOneCopyLessonTest {
    private static final Set<String> COPIES = Set.of("bounce-copy", "buffered-copy", "copy-back");

    private final Lesson lesson =
            LessonLoader.loadBundled().find("price-of-one-copy").orElseThrow();

    @Test
    void copiesPerPolicyForOneWriteAndOneRead() {
        assertThat(copies(Policy.ZERO_COPY)).isEmpty();
        assertThat(copies(Policy.BOUNCE)).containsExactly("app.bounce-copy", "app.copy-back");
        assertThat(copies(Policy.BUFFERED_FALLBACK)).containsExactly("app.buffered-copy");
        assertThat(copies(Policy.DONTCACHE)).containsExactly("app.buffered-copy", "app.copy-back");
    }

    @Test
    void zeroCopySplitsTheMirrorsAtTheSecondLegsDmaAndBreaksTheChecksumAtEndIo() {
        Trace t = lesson.play(Policy.ZERO_COPY);
        List<ViolationAt> onsets = t.violationOnsets();
        assertThat(onsets).extracting(ViolationAt::invariant).containsExactly("mirrors-agree", "checksum-matches");
        var split = t.get(onsets.get(0).step()).event();
        assertThat(split.actor() + "." + split.label()).isEqualTo("leg1.dma");
        var broken = t.get(onsets.get(1).step());
        assertThat(broken.event().actor() + "." + broken.event().label()).isEqualTo("app.end-io");
        assertThat(broken.event().action()).contains("end_io for w1");
        assertThat(broken.state().world().csums().get(0)).isEqualTo(Crc32c.of("AAAA"));
        var world = t.last().state().world();
        assertThat(world.device("leg0").block(0)).isEqualTo("AAAA");
        assertThat(world.device("leg1").block(0)).isEqualTo("BBBB");
        assertThat(world.results())
                .singleElement()
                .satisfies(r -> assertThat(r.detail()).isEqualTo("R = 'AAAA'"));
    }

    @Test
    void everyFixStoresTheSameBytesOnBothLegsAndReadsThemBack() {
        for (Policy p : List.of(Policy.BOUNCE, Policy.BUFFERED_FALLBACK, Policy.DONTCACHE)) {
            var world = lesson.play(p).last().state().world();
            assertThat(world.device("leg0").block(0)).as(p.id()).isEqualTo("AAAA");
            assertThat(world.device("leg1").block(0)).as(p.id()).isEqualTo("AAAA");
            assertThat(world.results()).as(p.id()).extracting(IoResult::outcome).containsExactly("ok");
        }
    }

    @Test
    void dontcacheDropsTheFoliosItUsed() {
        var world = lesson.play(Policy.DONTCACHE).last().state().world();
        assertThat(world.folio(0)).isNull();
    }

    private List<String> copies(Policy p) {
        return lesson.play(p).snapshots().stream()
                .map(s -> s.event())
                .filter(e -> e.kind() == EventKind.STEP && COPIES.contains(e.label()))
                .map(e -> e.actor() + "." + e.label())
                .toList();
    }
}
