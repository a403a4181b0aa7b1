package org.diolab.app;

import static org.assertj.core.api.Assertions.assertThat;

import javafx.application.Platform;
import javafx.scene.control.Label;
import javafx.stage.Stage;
import org.diolab.lesson.LessonLoader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/** The quiz and seed-numbers tabs, driven like a learner would. */
@ExtendWith(ApplicationExtension.class)
class SideTabsTest {
    private MainWindow window;

    @Start
    void start(Stage stage) {
        window = FxTestSupport.show(stage, LessonLoader.loadBundled(), new LessonViewModel());
        window.openLesson("raid1-mirrors-diverge");
    }

    @Test
    void answeringAQuizQuestionRevealsTheVerdictAndExplanation(FxRobot robot) throws Exception {
        robot.clickOn("Quiz");
        assertThat(robot.lookup("#quiz-score").queryAs(Label.class).getText()).isEqualTo("0 of 3 right (3 to answer)");
        robot.clickOn("'BBBB': the DMA reads B at the moment it runs");
        robot.clickOn("#quiz-check-0");
        assertThat(robot.lookup("#quiz-score").queryAs(Label.class).getText()).isEqualTo("1 of 3 right (2 to answer)");
        assertThat(robot.lookup(".quiz-explain").queryAs(Label.class).getText()).contains("a pin does not block");
        robot.clickOn("Before T1 builds the bio");
        robot.clickOn("#quiz-check-1");
        assertThat(robot.lookup("#quiz-score").queryAs(Label.class).getText()).isEqualTo("1 of 3 right (1 to answer)");
        assertThat(robot.lookup("✗ Not quite — the answer is marked.").tryQuery()).isPresent();
        FxTestSupport.shoot(window, "raid1-quiz");
    }

    @Test
    void theNumbersTabShowsTheSeedTableWithRatiosAndCaveats(FxRobot robot) throws Exception {
        robot.clickOn("Numbers");
        assertThat(robot.lookup(".numbers-title").queryAs(Label.class).getText())
                .isEqualTo("S003 · dd of 4 GiB in 1 MiB O_DIRECT writes to btrfs");
        assertThat(robot.lookup("×0.71").tryQuery()).as("1.7 / 2.4").isPresent();
        assertThat(robot.lookup(".numbers-caveat").queryAll()).hasSize(2);
        FxTestSupport.shoot(window, "raid1-numbers");
    }

    @Test
    void compareLinesUpZeroCopyWithBounceAndFollowsTheTimeline(FxRobot robot) throws Exception {
        robot.clickOn("Compare");
        CompareView view = robot.lookup(".compare-view").queryAs(CompareView.class);
        assertThat(robot.lookup("#compare-policy").queryComboBox().getValue())
                .isEqualTo(org.diolab.engine.op.Policy.BOUNCE);
        var rows = view.rows();
        assertThat(rows).filteredOn(CompareViewModel.Row::firstDifference).singleElement()
                .satisfies(r -> assertThat(r.rightText()).contains("allocates bounce page w1.k0"));
        var dma = rows.stream().filter(r -> r.leftText().startsWith("leg1 DMA for w1")).findFirst().orElseThrow();
        assertThat(dma.leftViolated()).isTrue();
        assertThat(dma.rightViolated()).isFalse();
        assertThat(dma.rightText()).contains("w1.k0 = 'AAAA'");
        robot.clickOn(robot.lookup(".compare-side").lookup((javafx.scene.Node n) -> n instanceof Label lb
                && lb.getText().startsWith("✗ leg1 DMA for w1")).queryAs(Label.class));
        assertThat(robot.lookup("#position").queryAs(Label.class).getText()).isEqualTo(dma.left() + " / 22");
        FxTestSupport.shoot(window, "raid1-compare");
    }

}
