package org.diolab.app.live;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CancellationException;
import org.diolab.app.lesson.LessonViewModel;
import org.diolab.app.work.ManualWork;
import org.diolab.lesson.Lesson;
import org.diolab.lesson.LessonLibrary;
import org.diolab.lesson.LessonLoader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The Live tab's logic without JavaFX or disks: background work is completed by hand, in any order. */
class LiveViewModelTest {
    private static final LessonLibrary LESSONS = LessonLoader.loadBundled();

    @TempDir
    Path dir;

    private final LessonViewModel lessons = new LessonViewModel();
    private final ManualWork work = new ManualWork();
    private final LiveViewModel vm = new LiveViewModel(lessons, work);

    private static Lesson lesson(String id) {
        return LESSONS.find(id).orElseThrow();
    }

    @Test
    void chooseADirectoryFirstGoesAwayOnceOneIsChosen() {
        lessons.open(lesson("raid1-mirrors-diverge"));
        vm.run();
        assertThat(vm.statusProperty().get()).isEqualTo(LiveStatus.CHOOSE_FIRST);
        vm.chooseDirectory(dir);
        assertThat(vm.dirProperty().get()).isEqualTo(dir);
        assertThat(vm.statusProperty().get()).isEmpty();
    }

    @Test
    void aPathThatIsNotADirectoryIsRefusedAndTheChosenOneKept() {
        vm.chooseDirectory(dir);
        vm.chooseDirectory(dir.resolve("missing"));
        assertThat(vm.dirProperty().get()).isEqualTo(dir);
        assertThat(vm.statusProperty().get()).contains("missing").contains("not an existing directory");
    }

    @Test
    void aFullProgressBarDoesNotCarryOverToTheNextLesson() {
        lessons.open(lesson("raid1-mirrors-diverge"));
        vm.chooseDirectory(dir);
        vm.run();
        work.last().progress().accept(0.5, "half way");
        assertThat(vm.progressProperty().get()).isEqualTo(0.5);
        work.last().failed().accept(new IllegalStateException("disk gone"));
        vm.run();
        work.last().progress().accept(1.0, "done");
        assertThat(vm.progressProperty().get()).isEqualTo(1.0);
        lessons.open(lesson("two-dios-one-page"));
        assertThat(vm.progressProperty().get()).isZero();
    }

    @Test
    void cancelEmptiesTheProgressBarAndLateProgressDoesNotRefillIt() {
        lessons.open(lesson("raid1-mirrors-diverge"));
        vm.chooseDirectory(dir);
        vm.run();
        ManualWork.Submitted run = work.last();
        run.progress().accept(0.5, "half way");
        vm.cancel();
        assertThat(vm.stateProperty().get().phase()).isEqualTo(LiveStatus.Phase.CANCELLING);
        assertThat(vm.runningProperty().get()).as("until its files are gone").isTrue();
        assertThat(vm.progressProperty().get()).isZero();
        run.progress().accept(0.6, "still stopping");
        assertThat(vm.progressProperty().get()).isZero();
        run.failed().accept(new CancellationException("cancelled"));
        assertThat(vm.runningProperty().get()).isFalse();
        assertThat(vm.progressProperty().get()).isZero();
        assertThat(vm.stateProperty().get().phase()).isEqualTo(LiveStatus.Phase.CANCELLED);
        assertThat(vm.statusProperty().get()).startsWith("Cancelled");
    }

    @Test
    void resultsOfTheExperimentStartedBeforeTheLessonChangedAreNotShownUnderTheNewLesson() {
        lessons.open(lesson("raid1-mirrors-diverge"));
        vm.chooseDirectory(dir);
        vm.run();
        ManualWork.Submitted raid1 = work.last();
        lessons.open(lesson("two-dios-one-page"));
        assertThat(vm.runningProperty().get())
                .as("the old run still winds down")
                .isTrue();
        assertThat(vm.stateProperty().get().phase()).isEqualTo(LiveStatus.Phase.STOPPING_PREVIOUS);
        raid1.done().accept(List.of(List.of(), List.of(), List.of(), List.of())); // A's results arrive late
        assertThat(vm.rowsProperty().get()).isEmpty();
        assertThat(vm.runningProperty().get()).isFalse();
        assertThat(vm.statusProperty().get())
                .as("nothing left to say once it has stopped")
                .isEmpty();
        assertThat(vm.experiment().description())
                .isEqualTo(lesson("two-dios-one-page").live().description());
    }
}
