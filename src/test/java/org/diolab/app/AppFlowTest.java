package org.diolab.app;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.atomic.AtomicReference;
import javafx.scene.Node;
import javafx.scene.input.KeyCode;
import javafx.scene.layout.Region;
import javafx.scene.paint.Paint;
import javafx.stage.Stage;
import org.diolab.app.lesson.LessonViewModel;
import org.diolab.app.stage.StageProbe;
import org.diolab.app.stage.cards.ByteCells;
import org.diolab.app.stage.cards.StageCard;
import org.diolab.app.stage.layout.Anchor;
import org.diolab.engine.model.Ref;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/** The user's path through the RAID1 lesson, driven through the real window. */
@ExtendWith(ApplicationExtension.class)
class AppFlowTest {
    private final LessonViewModel vm = new LessonViewModel();
    private MainWindow window;

    @Start
    void start(Stage stage) {
        window = FxTestSupport.show(stage, vm);
    }

    @Test
    void zeroCopyShowsTheViolationAndBounceDoesNot(FxRobot robot) throws Exception {
        // Select it in the library as a click would (the row may be scrolled out of view once there are many lessons).
        robot.interact(() -> window.openLesson("raid1-mirrors-diverge"));
        assertThat(text(robot, "#lesson-title")).isEqualTo("RAID1 mirrors diverge under zero-copy direct I/O");
        assertThat(text(robot, "#position")).isEqualTo("0 / 22");

        FxTestSupport.click(robot, "#policy-zero-copy");
        for (int i = 0; i < 6; i++) {
            FxTestSupport.click(robot, "#forward");
        }
        assertThat(text(robot, "#position")).isEqualTo("6 / 22");
        assertThat(text(robot, "#step-action")).contains("leg1 DMA").contains("'BBBB'");
        assertThat(robot.lookup("#invariant-mirrors-agree").queryAs(Node.class).getPseudoClassStates())
                .anyMatch(p -> p.getPseudoClassName().equals("violated"));
        assertThat(StageProbe.of(window.stageView()).routes())
                .extracting(r -> r.kind().css())
                .contains("dma-arrow", "bvec-arrow");
        // The picture shows it, once the DMA's transition has landed: leg1's block 0 holding B's bytes, tinted red.
        FxTestSupport.waitUntil(() -> !StageProbe.of(window.stageView()).moving());
        String leg1 = onFx(() -> {
            Picture picture = Picture.of(window.getScene().getRoot(), "raid1-zero-copy-violation");
            StageCard<?> card =
                    StageProbe.of(window.stageView()).card(Ref.device("leg1")).orElseThrow();
            Region row = (Region) card.part(new Anchor.BlockRow("leg1", 0)).orElseThrow();
            Paint fill = row.getBackground().getFills().getFirst().getFill();
            boolean drawn = Picture.reddish(fill) && picture.share(picture.boundsOf(row), fill, 0.03) > 0.3;
            return ((ByteCells) card.part(new Anchor.BlockBytes("leg1", 0)).orElseThrow()).text()
                    + (drawn ? " in a red row" : " in a row drawn " + fill);
        });
        assertThat(leg1).isEqualTo("BBBB in a red row");

        FxTestSupport.click(robot, "#last");
        assertThat(text(robot, "#position")).isEqualTo("22 / 22");
        assertThat(violated(robot)).isTrue();

        FxTestSupport.click(robot, "#policy-bounce");
        robot.type(KeyCode.END);
        assertThat(text(robot, "#position")).isEqualTo("31 / 31");
        assertThat(violated(robot)).isFalse();
        robot.type(KeyCode.LEFT, 2);
        assertThat(text(robot, "#position")).isEqualTo("29 / 31");
        robot.type(KeyCode.HOME);
        assertThat(text(robot, "#position")).isEqualTo("0 / 31");
        // Every bounce step, as the invariants list shows it (stepped on the FX thread: no key round trips needed).
        for (int i = 0; i <= 31; i++) {
            int step = i;
            FxTestSupport.onFx(() -> {
                vm.goTo(step);
                return null;
            });
            assertThat(violated(robot)).as("bounce step %d", step).isFalse();
        }
    }

    private static boolean violated(FxRobot robot) {
        return FxTestSupport.onFx(
                () -> robot.lookup("#invariant-mirrors-agree").queryAs(Node.class).getPseudoClassStates().stream()
                        .anyMatch(p -> p.getPseudoClassName().equals("violated")));
    }

    private static String text(FxRobot robot, String query) {
        return FxTestSupport.text(robot, query);
    }

    private static <T> T onFx(java.util.concurrent.Callable<T> c) throws Exception {
        AtomicReference<T> out = new AtomicReference<>();
        AtomicReference<Exception> err = new AtomicReference<>();
        javafx.application.Platform.runLater(() -> {
            try {
                out.set(c.call());
            } catch (Exception e) {
                err.set(e);
            }
        });
        WaitForAsyncUtils.waitForFxEvents();
        if (err.get() != null) {
            throw err.get();
        }
        return out.get();
    }
}
