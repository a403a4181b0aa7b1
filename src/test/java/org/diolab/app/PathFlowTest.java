package org.diolab.app;

import static org.assertj.core.api.Assertions.assertThat;
import static org.diolab.app.FxTestSupport.click;
import static org.diolab.app.FxTestSupport.onFx;
import static org.diolab.app.FxTestSupport.text;

import javafx.scene.control.Hyperlink;
import javafx.scene.control.Label;
import javafx.stage.Stage;
import org.diolab.app.lesson.LessonViewModel;
import org.diolab.app.ui.TermText;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/** Issue 20: the library shows the learning path, a lesson's end offers the next one, the words stay under Quiz. */
@ExtendWith(ApplicationExtension.class)
class PathFlowTest {
    private MainWindow window;
    private LessonViewModel vm;

    @Start
    void start(Stage stage) {
        vm = new LessonViewModel();
        window = FxTestSupport.show(stage, vm);
        window.openLesson("pin-is-not-a-lock");
    }

    @Test
    void theEndOfALessonOffersTheNextOneOnThePathAndTheLibraryShowsThePath(FxRobot robot) throws Exception {
        assertThat(onFx(() -> robot.lookup(".lesson-path").queryAllAs(Label.class).stream()
                        .map(Label::getText)
                        .toList()))
                .as("the library's rows say where each lesson is on the path")
                .anyMatch(t -> t.startsWith("Path 1 of ") && t.endsWith("a place to start"));
        onFx(() -> {
            vm.last();
            return null;
        });
        FxTestSupport.waitUntil(
                () -> robot.lookup("#next-lesson").queryAs(Hyperlink.class).isVisible());
        String link =
                onFx(() -> robot.lookup("#next-lesson").queryAs(Hyperlink.class).getText());
        String nextTitle = org.diolab.TestLessons.bundled()
                .find("dio-read-false-checksum-error")
                .orElseThrow()
                .title();
        assertThat(link).isEqualTo("Next lesson on the path: " + nextTitle + " →");
        FxTestSupport.shoot(window, "path-next-lesson");
        click(robot, "#next-lesson");
        FxTestSupport.waitUntil(() -> text(robot, "#lesson-title").equals(nextTitle));
    }

    @Test
    void theStepsNarrationStaysInSightUnderTheQuizTab(FxRobot robot) {
        click(robot, "Quiz");
        String underQuiz = onFx(() -> robot.lookup("#also-narration-text").queryAll().stream()
                .filter(n -> n.isVisible() && n.getScene() != null && n.localToScreen(0, 0) != null)
                .map(n -> ((TermText) n).getText())
                .filter(t -> !t.isEmpty())
                .findFirst()
                .orElse(""));
        String stepNarration = onFx(() -> vm.snapshotProperty().get().narration() == null
                ? ""
                : vm.snapshotProperty().get().narration().text());
        assertThat(underQuiz).isNotEmpty().isEqualTo(stepNarration);
        FxTestSupport.shoot(window, "quiz-with-narration");
    }
}
