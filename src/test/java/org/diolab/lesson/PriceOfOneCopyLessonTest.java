package org.diolab.lesson;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Set;
import org.diolab.engine.EventKind;
import org.diolab.engine.Trace;
import org.diolab.engine.op.Policy;
import org.junit.jupiter.api.Test;

/** price-of-one-copy: each fix adds one copy per write; only zero-copy loses the mirrors and the checksum. */
class PriceOfOneCopyLessonTest {
    private static final Set<String> COPIES = Set.of("bounce-copy", "buffered-copy", "copy-back");

    private final Lesson lesson = LessonLoader.loadBundled().find("price-of-one-copy").orElseThrow();

    @Test
    void copiesPerPolicyForOneWriteAndOneRead() {
        assertThat(copies(Policy.ZERO_COPY)).isEmpty();
        assertThat(copies(Policy.BOUNCE)).containsExactly("app.bounce-copy", "reader.copy-back");
        assertThat(copies(Policy.BUFFERED_FALLBACK)).containsExactly("app.buffered-copy");
        assertThat(copies(Policy.DONTCACHE)).containsExactly("app.buffered-copy", "reader.copy-back");
    }

    @Test
    void zeroCopySplitsTheMirrorsAtTheSecondLegsDma() {
        Trace t = lesson.play(Policy.ZERO_COPY);
        var first = t.get(t.firstViolationIndex());
        assertThat(first.event().actor()).isEqualTo("leg1");
        assertThat(first.violations()).extracting(v -> v.invariant())
                .containsExactlyInAnyOrder("mirrors-agree", "checksum-matches");
        assertThat(t.last().state().world().device("leg0").block(0)).isEqualTo("AAAA");
        assertThat(t.last().state().world().device("leg1").block(0)).isEqualTo("BBBB");
    }

    @Test
    void dontcacheDropsTheFoliosItUsed() {
        var world = lesson.play(Policy.DONTCACHE).last().state().world();
        assertThat(world.folio(0)).isNull();
    }

    private List<String> copies(Policy p) {
        return lesson.play(p).snapshots().stream().map(s -> s.event())
                .filter(e -> e.kind() == EventKind.STEP && COPIES.contains(e.label()))
                .map(e -> e.actor() + "." + e.label()).toList();
    }
}
