package org.diolab.app;

import static org.assertj.core.api.Assertions.assertThat;

import javafx.geometry.Bounds;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.RadioButton;
import javafx.scene.control.TabPane;
import javafx.scene.input.KeyCode;
import javafx.stage.Stage;
import org.diolab.app.lesson.LessonViewModel;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The window's keys stand back for the focused control (issue 9: Space on the quiz's Check button started playback
 * and left the quiz unanswered), still work elsewhere, and presenter mode's B and . black out the whole window.
 */
@ExtendWith(ApplicationExtension.class)
class KeysTest {
    private final LessonViewModel vm = new LessonViewModel();
    private MainWindow window;

    @Start
    void start(Stage stage) {
        window = FxTestSupport.showAtScreenSize(stage, vm); // presenter mode goes full screen
        window.openLesson("raid1-mirrors-diverge");
    }

    @Test
    void spaceOnTheQuizCheckButtonChecksTheAnswerAndDoesNotPlay(FxRobot robot) {
        robot.interact(() -> {
            TabPane side = (TabPane) window.lookup("#side-tabs");
            side.getTabs().stream()
                    .filter(t -> "tab-quiz".equals(t.getId()))
                    .findFirst()
                    .ifPresent(t -> side.getSelectionModel().select(t));
        });
        WaitForAsyncUtils.waitForFxEvents();
        robot.interact(() -> ((RadioButton) window.lookup("#quiz-0 .radio-button")).fire());
        WaitForAsyncUtils.waitForFxEvents();
        robot.interact(() -> window.lookup("#quiz-check-0").requestFocus());
        assertThat(FxTestSupport.onFx(() ->
                        window.getScene().getFocusOwner() instanceof Button b && "quiz-check-0".equals(b.getId())))
                .isTrue();
        robot.type(KeyCode.SPACE);
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(FxTestSupport.onFx(() -> vm.playback().playingProperty().get()))
                .as("playback started")
                .isFalse();
        assertThat(FxTestSupport.onFx(
                        () -> window.lookup("#quiz-check-0") == null && window.lookup("#quiz-show-0") != null))
                .as("the answer was checked")
                .isTrue();
    }

    @Test
    void spaceOnTheStagePlaysAndRightSteps(FxRobot robot) {
        robot.interact(() -> window.stageView().requestFocus());
        robot.type(KeyCode.RIGHT);
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(FxTestSupport.onFx(() -> vm.indexProperty().get())).isEqualTo(1);
        robot.type(KeyCode.SPACE);
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(FxTestSupport.onFx(() -> vm.playback().playingProperty().get()))
                .isTrue();
        robot.interact(vm.playback()::pause);
    }

    @Test
    void bAndPeriodBlankTheWholeWindowInPresenterMode(FxRobot robot) {
        robot.interact(() -> {
            window.presenter().onProperty().set(true);
            window.stageView().requestFocus();
        });
        for (KeyCode key : new KeyCode[] {KeyCode.B, KeyCode.PERIOD}) {
            robot.type(key);
            WaitForAsyncUtils.waitForFxEvents();
            assertThat(FxTestSupport.onFx(() -> {
                        Node blank = window.lookup("#blank-screen");
                        Bounds b = blank.localToScene(blank.getLayoutBounds());
                        return blank.isVisible()
                                && b.getMinX() <= 0
                                && b.getMinY() <= 0
                                && b.getMaxX() >= window.getScene().getWidth()
                                && b.getMaxY() >= window.getScene().getHeight();
                    }))
                    .as("%s blacks out the whole window", key)
                    .isTrue();
            robot.type(key);
            WaitForAsyncUtils.waitForFxEvents();
            assertThat(FxTestSupport.onFx(() -> window.lookup("#blank-screen").isVisible()))
                    .isFalse();
        }
        robot.interact(() -> window.presenter().onProperty().set(false));
    }
}
