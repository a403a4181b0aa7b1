package org.diolab.app;

import static org.assertj.core.api.Assertions.assertThat;

import javafx.stage.Stage;
import org.diolab.TestLessons;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/**
 * Presenting at 1920×1080, the stage gets the room: the space-time view no longer takes a third of its width by
 * default (it did, leaving empty bands above and below the stage), T still shows it, and leaving presenter mode brings
 * it back beside the stage.
 */
@ExtendWith(ApplicationExtension.class)
class PresenterRoomTest {
    private final LessonViewModel vm = new LessonViewModel();
    private MainWindow window;

    @Start
    void start(Stage stage) {
        stage.show();
    }

    @Test
    void presentingAtFullHdGivesTheStageTheWidthTheSpaceTimeViewTook(FxRobot robot) {
        double[] scale = new double[3];
        robot.interact(() -> {
            window = FxTestSupport.offscreen(TestLessons.bundled(), vm, 1920, 1080);
            window.openLesson("raid1-mirrors-diverge");
            vm.goTo(6);
            FxTestSupport.relayout(window, 1920, 1080);
            scale[0] = window.stageView().scaleProperty().get();
            window.presenter().onProperty().set(true);
            FxTestSupport.relayout(window, 1920, 1080);
            scale[1] = window.stageView().scaleProperty().get();
        });
        assertThat(window.stageArea().spaceTimeToggle().isSelected())
                .as("space-time, presenting")
                .isFalse();
        assertThat(scale[1])
                .as("the stage's scale presenting, vs in the window")
                .isGreaterThan(scale[0] * 1.2);
        assertThat(scale[1]).as("the stage's scale presenting").isGreaterThan(1.25);

        robot.interact(() -> {
            window.presenter().onProperty().set(false);
            FxTestSupport.relayout(window, 1920, 1080);
        });
        assertThat(window.stageArea().spaceTimeToggle().isSelected())
                .as("space-time, in the window")
                .isTrue();
    }
}
