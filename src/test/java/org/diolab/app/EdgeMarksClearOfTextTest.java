package org.diolab.app;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import javafx.scene.control.Labeled;
import javafx.stage.Stage;
import org.diolab.app.lesson.LessonViewModel;
import org.diolab.app.stage.StageChecks;
import org.diolab.app.stage.StageProbe;
import org.diolab.engine.Trace;
import org.diolab.lesson.LessonLibrary;
import org.diolab.lesson.LessonLoader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/**
 * A mark at the frame's edge ("◀ t1", "◀ page P") never covers the stage's text. In two-dios-one-page, presenting at
 * 1920×1080 and 1280×720, the camera frames the disk and the checksum table and marks t1's lane on the left, where
 * the lane's chips ("pin") are: the mark was drawn over them. Every step of the lesson is checked at both sizes.
 */
@ExtendWith(ApplicationExtension.class)
class EdgeMarksClearOfTextTest {
    private final LessonLibrary library = LessonLoader.loadBundled();

    @Start
    void start(Stage stage) {
        stage.show();
    }

    @Test
    void marksAtTheFramesEdgeCoverNoStageText(FxRobot robot) {
        List<String> problems = new ArrayList<>();
        List<String> seen = new ArrayList<>();
        robot.interact(() -> {
            for (int[] size : new int[][] {{1920, 1080}, {1280, 720}}) {
                LessonViewModel vm = new LessonViewModel();
                MainWindow w = FxTestSupport.offscreen(library, vm, size[0], size[1]);
                w.stageArea().reducedMotionToggle().setSelected(true);
                w.presenter().onProperty().set(true);
                w.presenter().toast().setVisible(false);
                w.openLesson("two-dios-one-page");
                FxTestSupport.relayout(w, size[0], size[1]);
                Trace t = vm.traceProperty().get();
                for (int i = 0; i < t.size(); i++) {
                    vm.goTo(i);
                    w.stageView().applyCss();
                    w.stageView().layout();
                    String where = size[0] + "x" + size[1] + " step " + i;
                    problems.addAll(StageChecks.marksOverText(w.stageView(), where));
                    StageProbe.of(w.stageView()).marks().forEach(m -> seen.add(where + " " + ((Labeled) m).getText()));
                }
            }
        });
        // The case seen on a real window: step 25 frames the disk and the table and marks t1 on the left.
        assertThat(seen).contains("1920x1080 step 25 ◀ t1", "1280x720 step 25 ◀ t1");
        assertThat(problems).isEmpty();
    }
}
