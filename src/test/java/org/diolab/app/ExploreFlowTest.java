package org.diolab.app;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.TimeUnit;
import javafx.application.Platform;
import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.stage.Stage;
import org.diolab.lesson.LessonLoader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/** Exploring every interleaving, replaying the bad one, and scheduling by hand — through the real window. */
@ExtendWith(ApplicationExtension.class)
class ExploreFlowTest {
    private MainWindow window;

    @Start
    void start(Stage stage) {
        window = FxTestSupport.show(stage, LessonLoader.loadBundled(), new LessonViewModel());
        window.openLesson("raid1-mirrors-diverge");
    }

    @Test
    void theExplorerFindsTheDivergenceAndItsReplayShowsIt(FxRobot robot) throws Exception {
        robot.clickOn("Explore");
        robot.clickOn("#explore-run");
        WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> robot.lookup("#replay-mirrors-agree").tryQuery()
                .isPresent());
        assertThat(text(robot, "#explore-status")).startsWith("Explored ").contains("states").contains("interleavings");
        assertThat(robot.lookup(".finding-schedule").queryAs(Label.class).getText())
                .isEqualTo("app → app → app → leg0 → app2 → leg1");
        robot.clickOn("#replay-mirrors-agree");
        assertThat(text(robot, "#position")).isEqualTo("6 / 6");
        assertThat(violated(robot)).isTrue();
        assertThat(text(robot, "#run-mode")).isEqualTo("Showing: a replayed interleaving");
        FxTestSupport.shoot(window, "raid1-explore");

        robot.clickOn("#policy-bounce");
        robot.clickOn("#explore-run");
        WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> text(robot, "#explore-status").startsWith("No invariant"));
        assertThat(robot.lookup(".finding").tryQuery()).isEmpty();
    }

    @Test
    void theLearnerCanScheduleTheRaceByHandAndUndoIt(FxRobot robot) throws Exception {
        robot.clickOn("Explore");
        robot.clickOn("#schedule-start");
        assertThat(text(robot, "#position")).isEqualTo("0 / 0");
        assertThat(robot.lookup("#step-leg0").queryButton().isDisabled()).as("nothing queued yet").isTrue();
        for (String actor : new String[] {"app", "app", "app", "leg0", "app2"}) {
            robot.clickOn("#step-" + actor);
        }
        assertThat(violated(robot)).isFalse();
        robot.clickOn("#step-leg1");
        assertThat(violated(robot)).isTrue();
        assertThat(text(robot, "#position")).isEqualTo("6 / 6");
        FxTestSupport.shoot(window, "raid1-scheduler");
        robot.clickOn("#schedule-undo");
        assertThat(violated(robot)).isFalse();
        assertThat(text(robot, "#position")).isEqualTo("5 / 5");
        robot.clickOn("#schedule-script");
        assertThat(text(robot, "#position")).isEqualTo("0 / 22");
    }

    private static boolean violated(FxRobot robot) {
        return robot.lookup("#invariant-mirrors-agree").queryAs(Node.class).getPseudoClassStates().stream()
                .anyMatch(p -> p.getPseudoClassName().equals("violated"));
    }

    private static String text(FxRobot robot, String query) {
        return robot.lookup(query).queryAs(Label.class).getText();
    }

}
