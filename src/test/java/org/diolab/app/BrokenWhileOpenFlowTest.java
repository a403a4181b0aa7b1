package org.diolab.app;

import static org.assertj.core.api.Assertions.assertThat;
import static org.diolab.app.FxTestSupport.onFx;
import static org.diolab.app.FxTestSupport.text;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import javafx.geometry.Bounds;
import javafx.scene.Node;
import javafx.stage.Stage;
import org.diolab.app.lesson.LessonViewModel;
import org.diolab.lesson.LessonFolder;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/**
 * Issue 20: a lesson broken while open kept its last good version with no sign, and the problem was only in the
 * library, folded away on a narrow window. Now a banner over the stage names the file's first problem
 * ({@code file:line:column}) and says the lesson shown is its last good version, until the file is fixed.
 */
@ExtendWith(ApplicationExtension.class)
class BrokenWhileOpenFlowTest {
    @TempDir
    static Path mine;

    private MainWindow window;
    private LessonViewModel vm;
    private String good;

    @Start
    void start(Stage stage) throws IOException {
        good = LessonFolder.writeMyRaid1(mine);
        vm = new LessonViewModel();
        window = FxTestSupport.showAtScreenSize(stage, vm); // the Headless screen's 1000 px: the library is folded away
    }

    @Test
    void aLessonBrokenWhileOpenSaysSoOverTheStageUntilItIsFixed(FxRobot robot) throws Exception {
        robot.interact(() -> window.libraryViewModel().addUserPath(mine));
        FxTestSupport.waitUntil(() -> window.libraryViewModel().find("my-raid1").isPresent());
        onFx(() -> {
            window.openLesson("my-raid1");
            vm.goTo(3);
            return null;
        });
        assertThat(onFx(() -> robot.lookup(".library-view").query().isVisible()))
                .as("library folded")
                .isFalse();
        assertThat(onFx(() -> robot.lookup("#broken-banner").query().isVisible()))
                .isFalse();

        Files.writeString(mine.resolve("my-raid1.yaml"), good.replace("  - id: bounce\n", "  - id: bounse\n"));
        FxTestSupport.waitUntil(() -> robot.lookup("#broken-banner").query().isVisible());
        assertThat(text(robot, "#broken-banner-title"))
                .startsWith("my-raid1.yaml is broken since it was last saved")
                .contains("the lesson shown is its last good version");
        assertThat(text(robot, "#broken-banner-problem"))
                .matches("my-raid1\\.yaml:\\d+:\\d+: unknown policy 'bounse'.*");
        assertThat(text(robot, "#lesson-title")).as("the last good version").isEqualTo("My RAID1 demo");
        assertThat(text(robot, "#position")).isEqualTo("3 / 22");
        // Over the stage, inside the window, and the stage still below it.
        Bounds banner = onFx(() -> bounds(robot.lookup("#broken-banner").query()));
        Bounds stage = onFx(() -> bounds(window.stageView()));
        assertThat(banner.getMinY()).isGreaterThan(0);
        assertThat(banner.getMaxY()).isLessThanOrEqualTo(stage.getMinY());
        assertThat(banner.getMinX()).isLessThanOrEqualTo(stage.getMinX());
        assertThat(banner.getMaxX())
                .isLessThanOrEqualTo(onFx(() -> window.getScene().getWidth()));
        assertThat(onFx(() -> robot.lookup(".center-tabs")
                        .query()
                        .getPseudoClassStates()
                        .contains(javafx.css.PseudoClass.getPseudoClass("last-good"))))
                .as("the centre framed as the last good version")
                .isTrue();
        FxTestSupport.shoot(window, "broken-while-open");

        Files.writeString(mine.resolve("my-raid1.yaml"), good.replace("title: My RAID1 demo", "title: Fixed"));
        FxTestSupport.waitUntil(() -> !robot.lookup("#broken-banner").query().isVisible());
        assertThat(text(robot, "#lesson-title")).isEqualTo("Fixed");
        assertThat(text(robot, "#position")).isEqualTo("3 / 22");
    }

    private static Bounds bounds(Node n) {
        return n.localToScene(n.getLayoutBounds());
    }
}
