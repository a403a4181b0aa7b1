package org.diolab.lesson;

import static org.assertj.core.api.Assertions.assertThat;

import org.diolab.engine.EventKind;
import org.diolab.engine.Snapshot;
import org.diolab.engine.Trace;
import org.diolab.engine.model.IoResult;
import org.diolab.engine.op.Policy;
import org.junit.jupiter.api.Test;

/** pin-is-not-a-lock: a pinned page takes a store; write-protect-on-pin makes it wait; bounce makes it harmless. */
class PinIsNotALockLessonTest {
    private final Lesson lesson = LessonLoader.loadBundled().find("pin-is-not-a-lock").orElseThrow();

    @Test
    void underZeroCopyTheChecksumBreaksWhenTheDeviceReadsTheChangedPageAndTheLaterReadFails() {
        Trace t = lesson.play(Policy.ZERO_COPY);
        Snapshot first = t.get(t.firstViolationIndex());
        assertThat(first.event().actor()).isEqualTo("disk");
        assertThat(first.event().action()).contains("reads P = 'BBBB'");
        assertThat(first.violations()).extracting(v -> v.invariant()).containsExactly("checksum-matches");
        assertThat(t.last().state().world().results()).extracting(IoResult::outcome).containsExactly("EIO");
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
        assertThat(unpin).isLessThan(store);
        assertThat(t.get(dma).event().action()).contains("reads P = 'AAAA'");
    }

    @Test
    void bounceLetsTheStoreRunAndTheReaderStillGetsWhatWasWritten() {
        var world = lesson.play(Policy.BOUNCE).last().state().world();
        assertThat(world.page("P").bytes()).isEqualTo("BBBB");
        assertThat(world.page("R").bytes()).isEqualTo("AAAA");
        assertThat(world.results()).extracting(IoResult::outcome).containsExactly("ok");
    }

    private static int indexOf(Trace t, EventKind kind, String actor, String label) {
        return t.snapshots().stream().filter(s -> s.event().kind() == kind && s.event().actor().equals(actor)
                && s.event().label().equals(label)).mapToInt(Snapshot::index).findFirst().orElseThrow();
    }
}
