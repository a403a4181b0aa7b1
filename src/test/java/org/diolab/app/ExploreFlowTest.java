package org.diolab.app;

import static org.assertj.core.api.Assertions.assertThat;
import static org.diolab.app.FxTestSupport.click;
import static org.diolab.app.FxTestSupport.onFx;
import static org.diolab.app.FxTestSupport.text;

import javafx.scene.Node;
import javafx.scene.input.KeyCode;
import javafx.stage.Stage;
import org.diolab.app.lesson.LessonViewModel;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/** Exploring every interleaving, replaying the bad one, and scheduling by hand — through the real window. */
@ExtendWith(ApplicationExtension.class)
class ExploreFlowTest {
    private MainWindow window;

    @Start
    void start(Stage stage) {
        window = FxTestSupport.showAtScreenSize(stage, new LessonViewModel());
        window.openLesson("raid1-mirrors-diverge");
    }

    @Test
    void theExplorerFindsTheDivergenceAndItsReplayShowsIt(FxRobot robot) throws Exception {
        click(robot, "Explore");
        click(robot, "#explore-run");
        // Wait on the FX thread for the finding, not by polling the scene from here (see FxTestSupport).
        FxTestSupport.waitUntil(
                () -> robot.lookup("#replay-mirrors-agree").tryQuery().isPresent());
        assertThat(text(robot, "#explore-status"))
                .startsWith("Explored ")
                .contains("states")
                .contains("interleavings");
        assertThat(text(robot, ".finding-schedule"))
                .as("spelled with step labels, as the CLI prints it")
                .isEqualTo("app.pin → app.build-bio → app.submit → leg0.dma → app2.store → leg1.dma");
        click(robot, "#replay-mirrors-agree");
        assertThat(text(robot, "#position")).isEqualTo("6 / 6");
        assertThat(violated(robot)).isTrue();
        assertThat(text(robot, "#run-mode")).isEqualTo("Showing: a replayed interleaving");
        FxTestSupport.shoot(window, "raid1-explore");
        click(robot, "#policy-bounce");
        assertThat(onFx(() -> robot.lookup(".finding").tryQuery()))
                .as("findings belong to zero-copy")
                .isEmpty();
        // That bounce breaks nothing in any interleaving: ExploreViewModelTest, without a window.
    }

    /**
     * Scheduling by hand, undo, and (issue 9) stepping from a step shown after ←: it must act on that step, not on the
     * run's last one. One window for both: every click re-lays out the stage, the slow part of this suite under load.
     */
    @Test
    void theLearnerCanScheduleTheRaceByHandUndoItAndBranchFromAnEarlierStep(FxRobot robot) {
        click(robot, "Explore");
        click(robot, "#schedule-start");
        assertThat(text(robot, "#position")).isEqualTo("0 / 0");
        assertThat(onFx(() -> robot.lookup("#step-leg0").queryButton().isDisabled()))
                .as("nothing queued yet")
                .isTrue();
        for (String actor : new String[] {"app", "app", "app", "leg0", "app2"}) {
            click(robot, "#step-" + actor);
        }
        assertThat(violated(robot)).isFalse();
        click(robot, "#step-leg1");
        assertThat(violated(robot)).isTrue();
        assertThat(text(robot, "#position")).isEqualTo("6 / 6");
        FxTestSupport.shoot(window, "raid1-scheduler");
        click(robot, "#schedule-undo");
        assertThat(violated(robot)).isFalse();
        assertThat(text(robot, "#position")).isEqualTo("5 / 5");

        robot.type(KeyCode.LEFT);
        assertThat(text(robot, "#position")).isEqualTo("4 / 5");
        click(robot, "#step-leg1");
        assertThat(text(robot, "#position"))
                .as("app2's store was stepped back over: gone")
                .isEqualTo("5 / 5");
        assertThat(violated(robot)).as("leg1 stored 'AAAA' like leg0").isFalse();
        FxTestSupport.shoot(window, "raid1-scheduler-branch");

        click(robot, "#schedule-script");
        assertThat(text(robot, "#position")).isEqualTo("0 / 22");
    }

    private static boolean violated(FxRobot robot) {
        return onFx(() -> robot.lookup("#invariant-mirrors-agree").queryAs(Node.class).getPseudoClassStates().stream()
                .anyMatch(p -> p.getPseudoClassName().equals("violated")));
    }
}
