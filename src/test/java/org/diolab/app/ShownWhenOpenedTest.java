package org.diolab.app;

import static org.assertj.core.api.Assertions.assertThat;
import static org.diolab.app.FxTestSupport.onFx;

import javafx.scene.Node;
import javafx.scene.control.Tab;
import javafx.scene.control.TabPane;
import javafx.stage.Stage;
import org.diolab.app.lesson.LessonViewModel;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * What the first frame does not show is not in the scene until it is opened (the start styles and lays out only what
 * it shows), and it is up to date when it is: it followed the lesson while it was out of the scene.
 */
@ExtendWith(ApplicationExtension.class)
class ShownWhenOpenedTest {
    private MainWindow window;

    @Start
    void start(Stage stage) {
        window = FxTestSupport.show(stage, new LessonViewModel());
        window.openLesson("raid1-mirrors-diverge");
    }

    @Test
    void theHiddenTabsJoinTheSceneWhenFirstSelected(FxRobot robot) {
        assertThat(onFx(() -> window.glossaryView().getScene()))
                .as("Glossary, never opened")
                .isNull();
        assertThat(onFx(() -> window.liveView().getScene()))
                .as("Live, never opened")
                .isNull();
        assertThat(onFx(() -> content("#side-tabs", "tab-history")))
                .as("History, never opened")
                .isNull();
        assertThat(onFx(() -> content("#side-tabs", "tab-step").getScene()))
                .as("Step, on show")
                .isNotNull();

        select("#side-tabs", "tab-history");
        assertThat(onFx(() -> content("#side-tabs", "tab-history").getScene())).isNotNull();
        // Built at the start and kept up to date while out of the scene: it shows the lesson opened before.
        assertThat(onFx(() -> robot.lookup(".history-this-lesson").queryAllAs(javafx.scene.control.Label.class)))
                .isNotEmpty()
                .allMatch(l -> l.getText().endsWith("[raid1-mirrors-diverge]"));

        select(".center-tabs", "tab-glossary");
        assertThat(onFx(() -> window.glossaryView().getScene())).isSameAs(onFx(window::getScene));
    }

    @Test
    void theKeysListJoinsTheWindowWhenFirstShownUnderTheBlackScreen(FxRobot robot) {
        assertThat(onFx(() -> window.shortcutsOverlay().getParent())).isNull();
        robot.interact(() -> window.shortcutsOverlay().toggle());
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(onFx(() -> window.shortcutsOverlay().getParent())).isSameAs(window);
        assertThat(onFx(() -> window.getChildren().indexOf(window.shortcutsOverlay())))
                .isEqualTo(onFx(() -> window.getChildren().indexOf(window.lookup("#blank-screen")) - 1));
        assertThat(onFx(() -> robot.lookup("#shortcuts-overlay").tryQuery().isPresent()))
                .isTrue();
    }

    private void select(String pane, String tab) {
        onFx(() -> {
            TabPane p = (TabPane) window.lookup(pane);
            p.getSelectionModel().select(tab(p, tab));
            return null;
        });
        WaitForAsyncUtils.waitForFxEvents();
    }

    private Node content(String pane, String tab) {
        return tab((TabPane) window.lookup(pane), tab).getContent();
    }

    private static Tab tab(TabPane p, String id) {
        return p.getTabs().stream()
                .filter(t -> id.equals(t.getId()))
                .findFirst()
                .orElseThrow();
    }
}
