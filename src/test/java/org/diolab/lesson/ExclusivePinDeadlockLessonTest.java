package org.diolab.lesson;

import static org.assertj.core.api.Assertions.assertThat;

import org.diolab.engine.EventKind;
import org.diolab.engine.Trace;
import org.diolab.engine.model.IoResult;
import org.diolab.engine.op.Policy;
import org.junit.jupiter.api.Test;

/** exclusive-pin-deadlock: A,B against B,A deadlocks with blocking exclusive pins, not with all-or-nothing ones. */
class ExclusivePinDeadlockLessonTest {
    private final Lesson lesson =
            LessonLoader.loadBundled().find("exclusive-pin-deadlock").orElseThrow();

    @Test
    void blockingExclusivePinsEndInACycleEachThreadHoldingWhatTheOtherWants() {
        Trace t = lesson.play(Policy.EXCLUSIVE_PIN);
        assertThat(t.last().event().kind()).isEqualTo(EventKind.DEADLOCK);
        assertThat(t.last().event().action())
                .contains("t1 waits for the exclusive pin on B held by t2")
                .contains("t2 waits for the exclusive pin on A held by t1");
        assertThat(t.last().narration())
                .as("the outro is shown apart from the steps")
                .isNull();
        assertThat(lesson.narration().outro().quote()).contains("not sure it's worth it");
        assertThat(t.snapshots())
                .filteredOn(s -> s.event().kind() == EventKind.BLOCKED)
                .extracting(s -> s.event().actor() + "." + s.event().label())
                .containsExactly("t1.exclusive-pin", "t2.exclusive-pin");
        assertThat(t.get(t.size() - 2).narration().text()).contains("a cycle");
        assertThat(t.violatedInvariants()).containsExactly("no-deadlock");
    }

    @Test
    void allOrNothingPinsLetTheLoserWaitHoldingNothingThenReadUncached() {
        Trace t = lesson.play(Policy.EXCLUSIVE_PIN_UNCACHED);
        assertThat(t.snapshots()).anySatisfy(s -> {
            assertThat(s.event().kind()).isEqualTo(EventKind.BLOCKED);
            assertThat(s.event().label()).isEqualTo("wait-exclusive");
            assertThat(s.state().world().page("A").pins()).isEqualTo(1);
        });
        var world = t.last().state().world();
        assertThat(world.results()).singleElement().satisfies(r -> {
            assertThat(r.outcome()).isEqualTo("ok");
            assertThat(r.detail()).isEqualTo("B = '2222', A = '3333'");
        });
    }

    @Test
    void plainPinsNeverWait() {
        Trace t = lesson.play(Policy.ZERO_COPY);
        assertThat(t.snapshots())
                .noneMatch(
                        s -> s.event().kind() == EventKind.BLOCKED || s.event().kind() == EventKind.DEADLOCK);
        assertThat(t.last().state().world().results())
                .extracting(IoResult::outcome)
                .containsExactly("ok");
    }
}
