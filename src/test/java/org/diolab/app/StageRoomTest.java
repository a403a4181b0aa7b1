package org.diolab.app;

import static org.assertj.core.api.Assertions.assertThat;

import javafx.scene.Node;
import javafx.scene.control.ToggleButton;
import javafx.stage.Stage;
import org.diolab.TestLessons;
import org.diolab.app.lesson.LessonViewModel;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/**
 * The stage gets the room the window has. On a 1280×720 projector the library folds away (the stage's text was small
 * with the library and the side panel both open); the header's library button brings it back, and the user's choice
 * then wins over the window's width; a wide window shows it; presenter mode hides it and its button. Presenting at
 * 1920×1080, the space-time view no longer takes a third of the stage's width by default (it did, leaving empty bands
 * above and below the stage); T still shows it, and leaving presenter mode brings it back beside the stage.
 */
@ExtendWith(ApplicationExtension.class)
class StageRoomTest {
    private final LessonViewModel vm = new LessonViewModel();
    private MainWindow window;

    @Start
    void start(Stage stage) {
        stage.show();
    }

    @Test
    void aNarrowWindowFoldsTheLibraryAndTheButtonBringsItBack(FxRobot robot) {
        double[] stage = new double[3];
        robot.interact(() -> {
            window = FxTestSupport.offscreen(TestLessons.bundled(), vm, 1280, 720);
            window.openLesson("raid1-mirrors-diverge");
            vm.goTo(6);
            FxTestSupport.relayout(window, 1280, 720);
            stage[0] = window.stageView().getWidth();
        });
        assertThat(library().isVisible()).as("library at 1280 px").isFalse();
        assertThat(toggle().isVisible()).isTrue();
        assertThat(toggle().isSelected()).isFalse();

        robot.interact(() -> {
            toggle().fire();
            FxTestSupport.relayout(window, 1280, 720);
            stage[1] = window.stageView().getWidth();
        });
        assertThat(library().isVisible()).isTrue();
        assertThat(stage[0])
                .as("the stage's width without the library, and with it")
                .isGreaterThan(stage[1] + 200);

        robot.interact(() -> {
            FxTestSupport.relayout(window, 1200, 720);
            FxTestSupport.relayout(window, 1280, 720);
        });
        assertThat(library().isVisible()).as("the user's choice wins").isTrue();

        robot.interact(() -> window.presenter().onProperty().set(true));
        assertThat(library().isVisible()).isFalse();
        assertThat(toggle().isVisible()).isFalse();
    }

    @Test
    void aWideWindowShowsTheLibrary(FxRobot robot) {
        robot.interact(() -> window = FxTestSupport.offscreen(TestLessons.bundled(), vm, 1920, 1080));
        assertThat(library().isVisible()).isTrue();
        assertThat(toggle().isSelected()).isTrue();
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

    private Node library() {
        return FxTestSupport.onFx(() -> window.lookup(".library-view"));
    }

    private ToggleButton toggle() {
        return FxTestSupport.onFx(() -> (ToggleButton) window.lookup("#library-toggle"));
    }
}
