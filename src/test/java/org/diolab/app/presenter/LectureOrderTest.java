package org.diolab.app.presenter;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.diolab.TestLessons;
import org.diolab.engine.op.Policy;
import org.diolab.lesson.Lesson;
import org.diolab.lesson.LessonLibrary;
import org.junit.jupiter.api.Test;

/** A lecture file is checked as `present --step` is: a step past the run's end is refused naming the line. */
class LectureOrderTest {
    private final LessonLibrary library = TestLessons.bundled();

    @Test
    void aStepWithinTheRunIsKept() {
        LectureOrder order = LectureOrder.parse("raid1-mirrors-diverge zero-copy @6\n", library);
        assertThat(order.entries()).singleElement().satisfies(e -> {
            assertThat(e.step()).isEqualTo(6);
            assertThat(e.policy().id()).isEqualTo("zero-copy");
        });
    }

    @Test
    void aStepPastTheLastOneIsRefusedWithTheRunsRange() {
        Lesson raid1 = library.find("raid1-mirrors-diverge").orElseThrow();
        Policy zeroCopy = raid1.policies().stream()
                .map(c -> c.policy())
                .filter(p -> p.id().equals("zero-copy"))
                .findFirst()
                .orElseThrow();
        int last = raid1.play(zeroCopy).size() - 1;

        assertThat(LectureOrder.parse("raid1-mirrors-diverge zero-copy @" + last, library)
                        .entries()
                        .getFirst()
                        .step())
                .isEqualTo(last);
        assertThatThrownBy(() -> LectureOrder.parse(
                        "# the talk\nexclusive-pin-deadlock\nraid1-mirrors-diverge zero-copy @999\n", library))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("line 3: @999 is outside the run; raid1-mirrors-diverge under zero-copy has steps 0 to "
                        + last);
    }
}
