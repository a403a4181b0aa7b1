package org.diolab.lesson;

import static org.assertj.core.api.Assertions.assertThat;

import org.diolab.engine.EventKind;
import org.diolab.engine.Snapshot;
import org.diolab.engine.Trace;
import org.diolab.engine.model.Crc32c;
import org.diolab.engine.model.IoResult;
import org.diolab.engine.op.Policy;
import org.junit.jupiter.api.Test;

/** pin-is-not-a-lock: a pinned page takes a store; write-protect-on-pin makes it wait; bounce makes it harmless. */
class PinIsNotALockLessonTest {
    private final Lesson lesson =
            LessonLoader.loadBundled().find("pin-is-not-a-lock").orElseThrow();

    @Test
    void underZeroCopyTheChecksumBreaksWhenTheWriteCompletesAndTheReadBackFails() {
        Trace t = lesson.play(Policy.ZERO_COPY);
        int dma = indexOf(t, EventKind.STEP, "disk", "dma");
        assertThat(t.get(dma).event().action()).contains("reads P = 'BBBB'");
        assertThat(t.get(dma).violations())
                .as("the write has not completed: its checksum is not in yet")
                .isEmpty();
        assertThat(t.get(dma).state().world().csums().get(0)).isEqualTo(Crc32c.of("0000"));

        Snapshot first = t.get(t.firstViolationIndex());
        assertThat(first.event().actor()).isEqualTo("app");
        assertThat(first.event().label()).isEqualTo("end-io");
        assertThat(first.event().action()).contains("end_io for w1");
        assertThat(first.violations()).extracting(v -> v.invariant()).containsExactly("checksum-matches");
        assertThat(first.state().world().csums().get(0)).isEqualTo(Crc32c.of("AAAA"));
        assertThat(first.state().world().device("disk").block(0)).isEqualTo("BBBB");
        assertThat(first.narration().text()).contains("the CRC32C of 'AAAA', into the checksum table");

        assertThat(t.last().state().world().results())
                .singleElement()
                .satisfies(r -> assertThat(r.outcome()).isEqualTo("EIO"));
    }

    @Test
    void writeProtectOnPinMakesTheStoreWaitUntilTheWriteHasUnpinnedP() {
        Trace t = lesson.play(Policy.WRITE_PROTECT_ON_PIN);
        int blocked = indexOf(t, EventKind.BLOCKED, "app2", "store");
        int dma = indexOf(t, EventKind.STEP, "disk", "dma");
        int unpin = indexOf(t, EventKind.STEP, "app", "unpin");
        int store = indexOf(t, EventKind.STEP, "app2", "store");
        assertThat(blocked).isLessThan(dma);
        assertThat(dma).isLessThan(unpin);
        assertThat(store).isEqualTo(unpin + 1);
        assertThat(t.get(dma).event().action()).contains("reads P = 'AAAA'");
        assertThat(t.get(blocked).narration().text()).contains("faults");
        assertThat(t.get(store).narration().text()).contains("finally lands");
        assertThat(t.violatedInvariants()).isEmpty();
        assertThat(t.last().state().world().results())
                .singleElement()
                .satisfies(r -> assertThat(r.detail()).isEqualTo("R = 'AAAA'"));
    }

    @Test
    void bounceLetsTheStoreRunAndTheReadBackStillGetsWhatWasWritten() {
        var world = lesson.play(Policy.BOUNCE).last().state().world();
        assertThat(world.page("P").bytes()).isEqualTo("BBBB");
        assertThat(world.page("R").bytes()).isEqualTo("AAAA");
        assertThat(world.device("disk").block(0)).isEqualTo("AAAA");
        assertThat(world.csums().get(0)).isEqualTo(Crc32c.of("AAAA"));
        assertThat(world.results()).extracting(IoResult::outcome).containsExactly("ok");
    }

    private static int indexOf(Trace t, EventKind kind, String actor, String label) {
        return t.snapshots().stream()
                .filter(s -> s.event().kind() == kind
                        && s.event().actor().equals(actor)
                        && s.event().label().equals(label))
                .mapToInt(Snapshot::index)
                .findFirst()
                .orElseThrow();
    }
}
