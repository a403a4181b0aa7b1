package org.diolab.app;

import static org.assertj.core.api.Assertions.assertThat;
import static org.diolab.app.FxTestSupport.click;
import static org.diolab.app.FxTestSupport.onFx;
import static org.diolab.app.FxTestSupport.text;

import javafx.scene.control.Label;
import javafx.scene.input.KeyCode;
import javafx.stage.Stage;
import org.diolab.app.compare.CompareView;
import org.diolab.app.compare.CompareViewModel;
import org.diolab.app.lesson.LessonViewModel;
import org.diolab.engine.op.Policy;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.robot.Motion;

/** The quiz, compare and seed-numbers tabs, driven like a learner would. */
@ExtendWith(ApplicationExtension.class)
class SideTabsTest {
    private MainWindow window;

    @Start
    void start(Stage stage) {
        window = FxTestSupport.show(stage, new LessonViewModel());
        window.openLesson("raid1-mirrors-diverge");
    }

    @Test
    void answeringAQuizQuestionRevealsTheVerdictAndExplanation(FxRobot robot) {
        click(robot, "Quiz");
        assertThat(text(robot, "#quiz-score")).isEqualTo("0 of 3 right (3 to answer)");
        click(robot, "'BBBB': the DMA reads B at the moment it runs");
        click(robot, "#quiz-check-0");
        assertThat(text(robot, "#quiz-score")).isEqualTo("1 of 3 right (2 to answer)");
        assertThat(text(robot, ".quiz-explain")).contains("a pin does not block");
        click(robot, "Before T1 builds the bio");
        click(robot, "#quiz-check-1");
        assertThat(text(robot, "#quiz-score")).isEqualTo("1 of 3 right (1 to answer)");
        assertThat(onFx(() ->
                        robot.lookup("✗ Not quite — the answer is marked.").tryQuery()))
                .isPresent();
        FxTestSupport.shoot(window, "raid1-quiz");
    }

    /** Issue 9: "What will leg1 store?" must not sit beside a stage that already shows it. */
    @Test
    void theQuizHoldsTheStageBeforeTheStepItAsksAboutUntilChecked(FxRobot robot) throws Exception {
        robot.type(KeyCode.END); // the learner had played the run to the end: leg1 = 'BBBB' on show
        assertThat(text(robot, "#position")).isEqualTo("22 / 22");
        click(robot, "Quiz");
        assertThat(text(robot, "#position")).as("just before leg1's DMA").isEqualTo("5 / 22");
        robot.type(KeyCode.END);
        robot.type(KeyCode.RIGHT);
        assertThat(text(robot, "#position"))
                .as("the stage does not give the answer away")
                .isEqualTo("5 / 22");
        FxTestSupport.shoot(window, "raid1-quiz-holds-the-stage");
        click(robot, "'BBBB': the DMA reads B at the moment it runs");
        click(robot, "#quiz-check-0");
        click(robot, "#quiz-show-0");
        FxTestSupport.waitUntil(() -> text(robot, "#position").equals("6 / 22"));
        assertThat(text(robot, "#step-action")).contains("leg1 DMA").contains("'BBBB'");
        click(robot, "Step");
        robot.type(KeyCode.END);
        assertThat(text(robot, "#position"))
                .as("leaving the quiz frees the stage")
                .isEqualTo("22 / 22");
    }

    @Test
    void theNumbersTabShowsTheSeedTableWithRatiosAndCaveats(FxRobot robot) {
        click(robot, "Numbers");
        assertThat(text(robot, ".numbers-title")).isEqualTo("S003 · dd of 4 GiB in 1 MiB O_DIRECT writes to btrfs");
        assertThat(onFx(() -> robot.lookup("×0.71").tryQuery())).as("1.7 / 2.4").isPresent();
        assertThat(onFx(() -> robot.lookup(".numbers-caveat").queryAll())).hasSize(2);
        assertThat(onFx(() -> robot.lookup(".numbers-remeasure").queryButton().getText()))
                .as("S003's dd and every row's data path run in user space")
                .isEqualTo("Re-measure on this machine");
        FxTestSupport.shoot(window, "raid1-numbers");
    }

    @Test
    void compareLinesUpZeroCopyWithBounceAndFollowsTheTimeline(FxRobot robot) throws Exception {
        click(robot, "Compare");
        CompareView view = onFx(() -> robot.lookup(".compare-view").queryAs(CompareView.class));
        assertThat(onFx(() -> robot.lookup("#compare-policy").queryComboBox().getValue()))
                .isEqualTo(Policy.BOUNCE);
        FxTestSupport.waitUntil(() -> !view.rows().isEmpty()); // both runs are played in the background
        var rows = onFx(view::rows);
        assertThat(rows)
                .filteredOn(CompareViewModel.Row::firstDifference)
                .singleElement()
                .satisfies(r -> assertThat(r.right().text()).contains("allocates bounce page w1.k0"));
        var dma = rows.stream()
                .filter(r -> r.left().text().startsWith("leg1 DMA for w1"))
                .findFirst()
                .orElseThrow();
        assertThat(dma.left().violated()).isTrue();
        assertThat(dma.right().violated()).isFalse();
        assertThat(dma.right().text()).contains("w1.k0 = 'AAAA'");
        Label cell = onFx(() -> robot.lookup(".compare-side")
                .lookup((javafx.scene.Node n) ->
                        n instanceof Label lb && lb.getText().startsWith("✗ leg1 DMA for w1"))
                .queryAs(Label.class));
        robot.clickOn(cell, Motion.DIRECT);
        assertThat(text(robot, "#position")).isEqualTo(dma.left().index() + " / 22");
        FxTestSupport.shoot(window, "raid1-compare");
    }
}
