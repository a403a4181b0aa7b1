package org.diolab.app;

import static org.assertj.core.api.Assertions.assertThat;
import static org.diolab.app.FxTestSupport.click;
import static org.diolab.app.FxTestSupport.onFx;
import static org.diolab.app.FxTestSupport.text;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import javafx.scene.control.Label;
import javafx.scene.control.ToggleButton;
import javafx.stage.Stage;
import org.diolab.app.lesson.LessonViewModel;
import org.diolab.lesson.LessonFolder;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/** A teacher's own lessons in the library: the good one opens, the broken one says where it is broken. */
@ExtendWith(ApplicationExtension.class)
class LibraryFlowTest {
    @TempDir
    static Path mine;

    private MainWindow window;
    private LessonViewModel vm;

    @Start
    void start(Stage stage) throws IOException {
        String good = LessonFolder.writeMyRaid1(mine);
        Files.writeString(
                mine.resolve("typo.yaml"),
                good.replace("id: my-raid1", "id: my-typo").replace("  - id: bounce\n", "  - id: bounse\n"));
        vm = new LessonViewModel();
        window = FxTestSupport.show(stage, vm);
    }

    @Test
    void aFolderOfTheUsersListsItsLessonsAndShowsWhereABrokenOneIsBroken(FxRobot robot) throws Exception {
        // The Headless screen is 1000 px wide: a window that narrow folds the library away; show it, as a user would.
        robot.interact(() -> {
            if (!robot.lookup("#library-toggle").queryAs(ToggleButton.class).isSelected()) {
                robot.lookup("#library-toggle").queryAs(ToggleButton.class).fire();
            }
        });
        robot.interact(() -> window.libraryViewModel().addUserPath(mine)); // what the Open menu and a drop call
        FxTestSupport.waitUntil(
                () -> robot.lookup("#broken-typo-yaml").tryQuery().isPresent());
        String problems = onFx(() -> robot.lookup("#broken-typo-yaml")
                .lookup(".lesson-meta")
                .queryAs(Label.class)
                .getText());
        assertThat(problems).matches("(?s).*typo\\.yaml:\\d+:\\d+: unknown policy 'bounse'.*");
        assertThat(text(robot, "#library-status")).contains("1 lesson(s), 1 broken");
        onFx(() -> {
            window.openLesson("my-raid1");
            return null;
        });
        assertThat(text(robot, "#lesson-title")).isEqualTo("My RAID1 demo");
        FxTestSupport.shoot(window, "library-user-folder");
        // Issue 20: saving the open lesson reloaded it at step 0 (the list re-selected it as if the user had).
        onFx(() -> {
            vm.goTo(3);
            return null;
        });
        assertThat(text(robot, "#position")).isEqualTo("3 / 22");
        String saved = Files.readString(mine.resolve("my-raid1.yaml"));
        Files.writeString(
                mine.resolve("my-raid1.yaml"), saved.replace("title: My RAID1 demo", "title: My RAID1, saved"));
        FxTestSupport.waitUntil(() -> text(robot, "#lesson-title").equals("My RAID1, saved"));
        assertThat(text(robot, "#position")).as("reloaded at the same step").isEqualTo("3 / 22");
        click(robot, ".folder-close");
        assertThat(onFx(() -> robot.lookup("#broken-typo-yaml").tryQuery())).isEmpty();
    }
}
