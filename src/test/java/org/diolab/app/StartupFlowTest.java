package org.diolab.app;

import static org.assertj.core.api.Assertions.assertThat;
import static org.diolab.app.FxTestSupport.onFx;
import static org.diolab.app.FxTestSupport.text;

import javafx.scene.Parent;
import javafx.stage.Stage;
import org.diolab.app.prefs.AppPreferences;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/** The app's own start: a light placeholder first, then the window, then the lessons — nothing remembered. */
@ExtendWith(ApplicationExtension.class)
class StartupFlowTest {
    private Parent firstRoot;

    @BeforeAll
    static void neverTheUsersSettings() {
        assertThat(System.getProperty(AppPreferences.PROPERTY))
                .as("set for every test in the pom")
                .isEqualTo("memory");
    }

    @Start
    void start(Stage stage) throws Exception {
        new DioLabApp().start(stage);
        firstRoot = stage.getScene().getRoot();
        Screenshots.write(firstRoot, "startup-placeholder");
    }

    @Test
    void theWindowOpensOnAPlaceholderAndTheFlagshipLessonFollows(FxRobot robot) throws Exception {
        assertThat(firstRoot).as("what the first frame shows").isInstanceOf(StartupPlaceholder.class);
        FxTestSupport.waitUntil(
                120,
                () -> robot.lookup("#lesson-title").tryQuery().isPresent()
                        && text(robot, "#lesson-title").startsWith("RAID1 mirrors diverge"));
        // The placeholder covered the window until the lesson was open: it is gone now.
        assertThat(robot.lookup("#startup-placeholder").tryQuery()).isEmpty();
        // The other lessons follow once the first is on show.
        FxTestSupport.waitUntil(
                120,
                () -> robot.lookup("#library").queryListView().getItems().stream()
                        .anyMatch(i -> i instanceof org.diolab.app.library.LibraryItem.Entry e
                                && e.lesson().id().equals("pin-is-not-a-lock")));
        assertThat(text(robot, "#position")).isEqualTo("0 / 22");
        Parent root = onFx(() -> robot.lookup(".main-window").queryParent());
        assertThat(onFx(() -> root.getScene().getRoot())).isSameAs(root);
        onFx(() -> Screenshots.write(root, "startup-window"));
    }
}
