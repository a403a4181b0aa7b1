package org.diolab.app;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import javafx.stage.Stage;
import org.diolab.app.lesson.LessonViewModel;
import org.diolab.lesson.LessonLibrary;
import org.diolab.lesson.LessonLoader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/**
 * The key step of three lessons at 1280×720 and 1920×1080, normal and in presenter mode, written to
 * target/screenshots/ for a person to look at (and for the README's pictures).
 */
@ExtendWith(ApplicationExtension.class)
class StageScreenshotsTest {
    private final LessonLibrary library = LessonLoader.loadBundled();

    @Start
    void start(Stage stage) {
        stage.show();
    }

    @Test
    void keyStepsOfThreeLessonsAtBothSizesAndInPresenterMode(FxRobot robot) throws Exception {
        String[][] shots = {
            {"raid1-mirrors-diverge", "zero-copy", "6"},
            {"exclusive-pin-deadlock", "exclusive-pin", "-1"},
            {"ext4-dio-lock-convoy", "", "-1"}
        };
        for (int[] size : new int[][] {{1280, 720}, {1920, 1080}}) {
            for (boolean presenting : new boolean[] {false, true}) {
                LessonViewModel vm = new LessonViewModel();
                MainWindow[] window = new MainWindow[1];
                robot.interact(() -> window[0] = FxTestSupport.offscreen(library, vm, size[0], size[1]));
                for (String[] s : shots) {
                    robot.interact(() -> {
                        window[0].openLesson(s[0]);
                        vm.lessonProperty().get().policies().stream()
                                .filter(c -> c.policy().id().equals(s[1]))
                                .findFirst()
                                .ifPresent(c -> vm.selectPolicy(c.policy()));
                        int at = Integer.parseInt(s[2]);
                        int first = vm.traceProperty().get().firstViolationIndex();
                        vm.goTo(
                                at >= 0
                                        ? at
                                        : first >= 0
                                                ? first
                                                : vm.lastIndexProperty().get());
                        window[0].presenter().onProperty().set(presenting);
                        FxTestSupport.relayout(window[0], size[0], size[1]);
                    });
                    String name = s[0] + "-" + size[0] + "x" + size[1] + (presenting ? "-presenter" : "");
                    FxTestSupport.shoot(window[0], name);
                    assertThat(Files.size(Screenshots.DIR.resolve(name + ".png")))
                            .isGreaterThan(10_000);
                }
            }
        }
    }
}
