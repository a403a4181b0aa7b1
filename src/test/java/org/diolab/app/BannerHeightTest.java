package org.diolab.app;

import static org.assertj.core.api.Assertions.assertThat;

import javafx.scene.control.Label;
import javafx.stage.Stage;
import org.diolab.TestLessons;
import org.diolab.app.lesson.LessonViewModel;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/**
 * The invariant banner over the stage is as high as the longest text the run will show: one line for the RAID1
 * lesson at 1280×720 (it was always three, two of them empty, taken from a stage that is limited by its height
 * there), the same at every step, and its text shown whole (StageGeometryTest reads it at every step).
 */
@ExtendWith(ApplicationExtension.class)
class BannerHeightTest {
    private final LessonViewModel vm = new LessonViewModel();

    @Start
    void start(Stage stage) {
        stage.show();
    }

    @Test
    void theBannerIsAsHighAsTheLongestTextOfTheRun(FxRobot robot) {
        double[] heights = new double[2];
        double[] font = new double[1];
        robot.interact(() -> {
            MainWindow w = FxTestSupport.offscreen(TestLessons.bundled(), vm, 1280, 720);
            w.openLesson("raid1-mirrors-diverge");
            vm.goTo(0);
            FxTestSupport.relayout(w, 1280, 720);
            Label banner = (Label) w.lookup("#stage-banner");
            heights[0] = banner.getHeight();
            font[0] = banner.getFont().getSize();
            vm.goTo(6);
            FxTestSupport.relayout(w, 1280, 720);
            heights[1] = banner.getHeight();
        });
        assertThat(heights[1]).as("the same height at every step").isEqualTo(heights[0]);
        assertThat(heights[1]).as("one line of %s px", font[0]).isLessThan(font[0] * 1.4 * 2);
    }
}
