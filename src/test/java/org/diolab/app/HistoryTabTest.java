package org.diolab.app;

import static org.assertj.core.api.Assertions.assertThat;

import javafx.scene.control.Label;
import javafx.stage.Stage;
import org.diolab.app.lesson.LessonViewModel;
import org.diolab.lesson.LessonLoader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/** The History tab: the lesson's epilogue with sources, then the timeline across lessons with its own lines marked. */
@ExtendWith(ApplicationExtension.class)
class HistoryTabTest {
    private MainWindow window;

    @Start
    void start(Stage stage) {
        window = FxTestSupport.show(stage, LessonLoader.loadBundled(), new LessonViewModel());
        window.openLesson("raid1-mirrors-diverge");
    }

    @Test
    void theHistoryTabShowsTheEpilogueWithSourcesAndTheTimeline(FxRobot robot) throws Exception {
        javafx.scene.control.TabPane tabs = robot.lookup("#side-tabs").queryAs(javafx.scene.control.TabPane.class);
        robot.interact(() -> tabs.getSelectionModel()
                .select(tabs.getTabs().stream()
                        .filter(t -> "tab-history".equals(t.getId()))
                        .findFirst()
                        .orElseThrow()));
        assertThat(robot.lookup(".history-entry").queryAllAs(Label.class))
                .extracting(Label::getText)
                .anyMatch(t -> t.startsWith("2025-10-31  7c2830f00c3e \"btrfs: fallback to buffered IO if the data "
                        + "profile has duplication\""));
        assertThat(robot.lookup(".history-source").queryAllAs(Label.class))
                .extracting(Label::getText)
                .allMatch(t -> t.startsWith("Source: ") && t.length() > "Source: ".length());
        assertThat(robot.lookup(".history-when").queryAllAs(Label.class))
                .extracting(Label::getText)
                .contains("2019-08-27", "2026-08-31")
                .contains("not dated here");
        assertThat(robot.lookup(".history-this-lesson").queryAllAs(Label.class))
                .isNotEmpty()
                .allMatch(l -> l.getText().endsWith("[raid1-mirrors-diverge]"));
        FxTestSupport.shoot(window, "raid1-history");
    }
}
