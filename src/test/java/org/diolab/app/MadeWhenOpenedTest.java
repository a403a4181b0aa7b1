package org.diolab.app;

import static org.assertj.core.api.Assertions.assertThat;
import static org.diolab.app.FxTestSupport.onFx;
import static org.diolab.app.FxTestSupport.text;

import java.util.List;
import javafx.scene.control.Tab;
import javafx.scene.control.TabPane;
import javafx.stage.Stage;
import org.diolab.TestLessons;
import org.diolab.app.compare.CompareView;
import org.diolab.app.compare.CompareViewModel;
import org.diolab.app.lesson.LessonViewModel;
import org.diolab.app.work.Job;
import org.diolab.app.work.ManualBackgroundWork;
import org.diolab.engine.Snapshot;
import org.diolab.engine.op.Policy;
import org.diolab.lesson.Lesson;
import org.diolab.lesson.QuizQuestion;
import org.diolab.lesson.SeedNumbers;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The side tabs the start does not show make their views and view models only when first opened: until then nothing
 * of theirs runs (Compare plays no runs, Numbers reads no calibration), and when they are opened they show the lesson
 * on show then, not the one the start opened. Background work is held by the test, so what was asked of it is seen.
 */
@ExtendWith(ApplicationExtension.class)
class MadeWhenOpenedTest {
    private final ManualBackgroundWork work = new ManualBackgroundWork();
    private final LessonViewModel vm = new LessonViewModel();
    private MainWindow window;

    @Start
    void start(Stage stage) {
        Themes.apply(false);
        window = new MainWindow(TestLessons.bundled(), vm, work);
        stage.setScene(DioLabApp.createScene(window));
        stage.show();
        window.openLesson("raid1-mirrors-diverge");
        window.openLesson("ext4-dio-lock-convoy"); // the lesson on show when the tabs are opened
    }

    @Test
    void compareAndNumbersAskNothingOfTheBackgroundUntilOpened(FxRobot robot) throws Exception {
        assertThat(onFx(this::asked)).noneMatch(n -> n.startsWith("compare ")).doesNotContain("read the calibration");
        for (String tab : List.of("tab-explore", "tab-compare", "tab-quiz", "tab-numbers", "tab-history")) {
            assertThat(onFx(() -> tab(tab).getContent()))
                    .as(tab + ", never opened")
                    .isNull();
        }

        int before = onFx(() -> work.queued().size()); // what the rest of the window asked at the start
        select("tab-compare");
        Lesson lesson = onFx(() -> vm.lessonProperty().get());
        Policy current = onFx(() -> vm.policyProperty().get());
        Policy other = onFx(
                () -> robot.lookup("#compare-policy").<Policy>queryComboBox().getValue());
        assertThat(lesson.id()).isEqualTo("ext4-dio-lock-convoy");
        assertThat(other).isNotNull().isNotSameAs(current);
        assertThat(onFx(() -> asked().subList(before, asked().size())))
                .containsExactly("compare ext4-dio-lock-convoy: " + current.id() + " vs " + other.id());
        runFrom(before);
        List<CompareViewModel.Row> rows = onFx(
                () -> robot.lookup(".compare-view").queryAs(CompareView.class).rows());
        assertThat(rows.stream()
                        .map(CompareViewModel.Row::left)
                        .filter(CompareViewModel.Side::present)
                        .map(CompareViewModel.Side::text))
                .as("the left column: the convoy's run under the policy on show, step by step")
                .containsExactlyElementsOf(actions(lesson, current));
        assertThat(rows.stream()
                        .map(CompareViewModel.Row::right)
                        .filter(CompareViewModel.Side::present)
                        .map(CompareViewModel.Side::text))
                .containsExactlyElementsOf(actions(lesson, other));

        select("tab-numbers");
        assertThat(onFx(() -> asked().subList(before, asked().size()))).containsExactly("read the calibration");
        assertThat(onFx(() -> robot.lookup(".numbers-title").queryAllAs(javafx.scene.control.Label.class).stream()
                        .map(javafx.scene.control.Label::getText)
                        .toList()))
                .as("the convoy's seed tables, before the calibration is read")
                .containsExactlyElementsOf(lesson.numbers().stream()
                        .map((SeedNumbers t) -> t.seed() + " · " + t.title())
                        .toList())
                .isNotEmpty();
        assertThat(text(robot, ".numbers-machine-line")).isEqualTo("This machine: reading its calibration…");
        runFrom(before);
        assertThat(text(robot, ".numbers-machine-line")).startsWith("This machine: not calibrated yet.");
    }

    @Test
    void theQuizMadeWhenOpenedAsksTheLessonOnShowAndHoldsTheStage(FxRobot robot) {
        Lesson lesson = onFx(() -> vm.lessonProperty().get());
        select("tab-quiz");
        int n = lesson.quiz().size();
        assertThat(text(robot, "#quiz-score")).isEqualTo("0 of " + n + " right (" + n + " to answer)");
        assertThat(onFx(() -> robot.lookup(".quiz-kind").queryAllAs(javafx.scene.control.Label.class).stream()
                        .map(javafx.scene.control.Label::getText)
                        .toList()))
                .containsExactlyElementsOf(lesson.quiz().stream()
                        .map((QuizQuestion q) -> q.kind().title().toUpperCase())
                        .toList());
        // Opening the tab entered the quiz: the stage waits where the first question says (or at the start).
        assertThat(onFx(() -> vm.quizPin().pinProperty().get())).isNotNull();
        select("tab-step");
        assertThat(onFx(() -> vm.quizPin().pinProperty().get()))
                .as("left the quiz")
                .isNull();
    }

    private static List<String> actions(Lesson lesson, Policy p) {
        return lesson.play(p).snapshots().stream()
                .map((Snapshot s) -> s.event().action())
                .toList();
    }

    /** Runs the jobs asked after the first {@code from} (those of the tab just opened). */
    private void runFrom(int from) {
        onFx(() -> {
            for (Job j : work.queued().subList(from, work.queued().size())) {
                work.run(j);
            }
            return null;
        });
        WaitForAsyncUtils.waitForFxEvents();
    }

    /** The names of the jobs asked of the background and not yet run. FX thread. */
    private List<String> asked() {
        return work.queued().stream().map(Job::name).toList();
    }

    private void select(String id) {
        onFx(() -> {
            tabs().getSelectionModel().select(tab(id));
            return null;
        });
        WaitForAsyncUtils.waitForFxEvents();
    }

    private TabPane tabs() {
        return (TabPane) window.lookup("#side-tabs");
    }

    private Tab tab(String id) {
        return tabs().getTabs().stream()
                .filter(t -> id.equals(t.getId()))
                .findFirst()
                .orElseThrow();
    }
}
