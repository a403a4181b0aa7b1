package org.diolab.app.compare;

import static org.assertj.core.api.Assertions.assertThat;

import org.diolab.TestLessons;
import org.diolab.app.lesson.LessonViewModel;
import org.diolab.app.work.Job;
import org.diolab.app.work.ManualBackgroundWork;
import org.diolab.engine.op.Policy;
import org.junit.jupiter.api.Test;

/** Compare plays both runs in the background; rows of a lesson no longer on show are never listed. */
class CompareViewModelTest {
    private final LessonViewModel lessons = new LessonViewModel();
    private final ManualBackgroundWork work = new ManualBackgroundWork();
    private final CompareViewModel compare = new CompareViewModel(lessons, work);

    @Test
    void theBrokenRunIsLinedUpWithTheFixedOneAndTheFirstDifferenceMarked() {
        lessons.open(TestLessons.bundled().find("raid1-mirrors-diverge").orElseThrow());
        assertThat(compare.otherProperty().get()).isEqualTo(Policy.BOUNCE);
        assertThat(compare.busyProperty().get()).isTrue();
        work.runAll();
        assertThat(compare.rowsProperty().get())
                .filteredOn(CompareViewModel.Row::firstDifference)
                .singleElement()
                .satisfies(r -> assertThat(r.right().text()).contains("allocates bounce page w1.k0"));
        CompareViewModel.Row dma = compare.rowsProperty().get().stream()
                .filter(r -> r.left().text().startsWith("leg1 DMA for w1"))
                .findFirst()
                .orElseThrow();
        compare.go(dma);
        assertThat(lessons.indexProperty().get()).isEqualTo(dma.left().index());
    }

    @Test
    void rowsOfTheLessonLeftBehindAreNotShown() {
        lessons.open(TestLessons.bundled().find("raid1-mirrors-diverge").orElseThrow());
        Job raid1 = work.queued().getLast();
        lessons.open(TestLessons.bundled().find("pin-is-not-a-lock").orElseThrow());
        work.run(raid1);
        assertThat(compare.rowsProperty().get()).isEmpty();
        work.runAll();
        assertThat(compare.rowsProperty().get())
                .isNotEmpty()
                .noneMatch(r -> r.left().text().contains("w1.k0")); // nothing of the RAID1 run
        assertThat(compare.busyProperty().get()).isFalse();
    }
}
