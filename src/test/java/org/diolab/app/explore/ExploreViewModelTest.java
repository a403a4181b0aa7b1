package org.diolab.app.explore;

import static org.assertj.core.api.Assertions.assertThat;

import org.diolab.app.lesson.LessonViewModel;
import org.diolab.app.lesson.RunMode;
import org.diolab.app.work.Job;
import org.diolab.app.work.ManualBackgroundWork;
import org.diolab.lesson.LessonLibrary;
import org.junit.jupiter.api.Test;

/** The Explore tab's logic without JavaFX: a search belongs to the lesson it started on. */
class ExploreViewModelTest {
    private static final LessonLibrary LIBRARY = org.diolab.TestLessons.bundled();
    private final LessonViewModel lessons = new LessonViewModel();
    private final ManualBackgroundWork work = new ManualBackgroundWork();
    private final ExploreViewModel explore = new ExploreViewModel(lessons, work);

    @Test
    void aSearchOfTheLessonLeftBehindThatEndsLateIsNotShownUnderTheNextOne() {
        lessons.open(LIBRARY.find("raid1-mirrors-diverge").orElseThrow());
        explore.explore();
        Job a = work.queued().getFirst();
        lessons.open(LIBRARY.find("pin-is-not-a-lock").orElseThrow());
        explore.explore();
        assertThat(explore.runningProperty().get()).isTrue();

        work.run(a); // A's search ends while B's runs
        assertThat(explore.findingsProperty().get()).as("nothing of A under B").isEmpty();
        assertThat(explore.runningProperty().get()).as("B still runs").isTrue();
        assertThat(explore.statusProperty().get()).contains("Exploring");

        work.runAll();
        assertThat(explore.runningProperty().get()).isFalse();
        assertThat(explore.findingsProperty().get())
                .isNotEmpty()
                .allSatisfy(f -> assertThat(f.lessonId()).isEqualTo("pin-is-not-a-lock"));
        explore.replay(explore.findingsProperty().get().getFirst()); // A's actors do not exist here: must not throw
        assertThat(lessons.modeProperty().get()).isEqualTo(RunMode.REPLAY);
    }

    @Test
    void cancellingSaysSoOnceTheSearchHasStoppedAndListsNothing() {
        lessons.open(LIBRARY.find("raid1-mirrors-diverge").orElseThrow());
        explore.explore();
        explore.cancel();
        assertThat(explore.runningProperty().get()).isTrue();
        work.runAll();
        assertThat(explore.runningProperty().get()).isFalse();
        assertThat(explore.findingsProperty().get()).isEmpty();
        assertThat(explore.statusProperty().get()).startsWith("Cancelled");
    }

    @Test
    void aFindingOfAnotherLessonIsNotReplayed() {
        lessons.open(LIBRARY.find("raid1-mirrors-diverge").orElseThrow());
        explore.explore();
        work.runAll();
        ExploreViewModel.Finding f = explore.findingsProperty().get().getFirst();
        lessons.open(LIBRARY.find("pin-is-not-a-lock").orElseThrow());
        explore.replay(f);
        assertThat(lessons.modeProperty().get()).isEqualTo(RunMode.SCRIPT);
    }

    @Test
    void underTheFixNoInterleavingBreaksAnything() {
        lessons.open(LIBRARY.find("raid1-mirrors-diverge").orElseThrow());
        lessons.selectPolicy(org.diolab.engine.op.Policy.BOUNCE);
        explore.explore();
        work.runAll();
        assertThat(explore.statusProperty().get()).startsWith("No invariant breaks under bounce in any interleaving.");
        assertThat(explore.findingsProperty().get()).isEmpty();
    }
}
