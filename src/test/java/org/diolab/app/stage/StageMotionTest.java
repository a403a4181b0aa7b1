package org.diolab.app.stage;

import static org.assertj.core.api.Assertions.assertThat;

import javafx.geometry.Bounds;
import javafx.geometry.Point2D;
import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.scene.layout.Region;
import javafx.scene.layout.StackPane;
import javafx.stage.Stage;
import org.diolab.app.stage.cards.ByteCells;
import org.diolab.app.stage.cards.StageCard;
import org.diolab.app.stage.cast.LanePaths;
import org.diolab.app.stage.cast.StageCasting;
import org.diolab.app.stage.layout.Anchor;
import org.diolab.app.stage.layout.ArrowKind;
import org.diolab.app.stage.motion.FxMotionClock;
import org.diolab.app.stage.motion.ManualMotionClock;
import org.diolab.app.stage.motion.MotionPlanner;
import org.diolab.engine.Simulator;
import org.diolab.engine.Trace;
import org.diolab.engine.model.Ref;
import org.diolab.engine.op.Policy;
import org.diolab.lesson.Lesson;
import org.diolab.lesson.LessonLoader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * Transitions driven by a controllable clock: the RAID1 lesson's leg1 DMA (step 5 → 6) starts with a packet carrying
 * B's bytes at B and ends with the packet gone and leg1's block holding them; stepping back or jumping cuts cleanly.
 */
@ExtendWith(ApplicationExtension.class)
class StageMotionTest {
    private final Lesson lesson =
            LessonLoader.loadBundled().find("raid1-mirrors-diverge").orElseThrow();
    private final Policy policy = Policy.ZERO_COPY;
    private final Trace trace = lesson.play(policy);
    private final LanePaths lanes;
    private final ManualMotionClock clock = new ManualMotionClock();
    private StageView view;
    private StageProbe probe;

    StageMotionTest() {
        Simulator sim = lesson.simulator(policy);
        lanes = new LanePaths(sim, trace, StageCasting.threadTitles(lesson.scenario()));
    }

    @Start
    void start(Stage stage) {
        atlantafx.base.theme.PrimerLight theme = new atlantafx.base.theme.PrimerLight();
        javafx.application.Application.setUserAgentStylesheet(theme.getUserAgentStylesheet());
        view = new StageView();
        probe = StageProbe.of(view);
        view.clockProperty().set(clock);
        stage.setScene(new Scene(new StackPane(view), 960, 640));
        stage.show();
        view.setCast(StageCasting.of(lesson.simulator(policy), trace, StageCasting.threadTitles(lesson.scenario())));
        show(5);
    }

    private void show(int i) {
        view.setFrame(new StageFrame(trace, i, lanes.at(i)));
    }

    @Test
    void theDmaPacketTravelsFromThePageToTheBlockAndTheBytesLandAtTheEnd(FxRobot robot) {
        robot.interact(() -> show(6));
        assertThat(clock.running()).as("a step forward is animated").isTrue();
        assertThat(clock.millis()).isEqualTo(StageView.BASE_MILLIS);
        robot.interact(() -> clock.seek(0));
        assertThat(probe.packets()).singleElement().satisfies(p -> {
            assertThat(((Label) p).getText()).isEqualTo("BBBB");
            assertThat(center(p).distance(routeStart())).as("starts at B").isLessThan(3);
        });
        assertThat(blockText("leg1", 0))
                .as("leg1 still shows what it held before")
                .isEqualTo("0000");

        robot.interact(() -> clock.seek(MotionPlanner.TRAVEL / 2));
        assertThat(probe.packets())
                .singleElement()
                .satisfies(p -> assertThat(center(p).distance(routeStart()))
                        .as("on its way")
                        .isGreaterThan(20));

        robot.interact(clock::finish);
        assertThat(clock.running()).isFalse();
        assertThat(probe.packets()).as("the packet has landed").isEmpty();
        assertThat(blockText("leg1", 0)).isEqualTo("BBBB");
        assertThat(cellScale("leg1", 0)).as("flip finished").isEqualTo(1.0);
    }

    /**
     * The case: "≠ legs differ" and leg1's new CRC appeared as the DMA started, leg1 still showing 0000, the
     * packet still travelling. Now they, the banner and leg1's queue state change in the frame the packet lands.
     */
    @Test
    void legsDifferAndTheNewCrcAppearOnlyWhenThePacketLands(FxRobot robot) {
        String oldCrc = crcText("leg1", 0);
        String oldBanner = banner();
        assertThat(oldBanner).startsWith("✓");
        robot.interact(() -> show(6));
        for (double t : new double[] {0, MotionPlanner.TRAVEL / 2, MotionPlanner.TRAVEL * 0.98}) {
            robot.interact(() -> clock.seek(t));
            assertThat(blockText("leg1", 0)).as("at %s", t).isEqualTo("0000");
            assertThat(crcText("leg1", 0)).as("crc at %s", t).isEqualTo(oldCrc);
            assertThat(markShown("leg1", 0)).as("mark at %s", t).isFalse();
            assertThat(banner()).as("banner at %s", t).isEqualTo(oldBanner);
            assertThat(probe.packets()).as("the packet is on its way at %s", t).hasSize(1);
        }
        robot.interact(() -> clock.seek(MotionPlanner.TRAVEL));
        assertThat(blockText("leg1", 0)).isEqualTo("BBBB");
        assertThat(crcText("leg1", 0)).isNotEqualTo(oldCrc);
        assertThat(markShown("leg1", 0)).isTrue();
        assertThat(banner()).startsWith("✗ mirrors-agree violated");
        robot.interact(clock::finish);
    }

    private String crcText(String device, int block) {
        StageCard<?> card = probe.card(Ref.device(device)).orElseThrow();
        return ((Label) card.part(new Anchor.Crc(device, block)).orElseThrow()).getText();
    }

    private boolean markShown(String device, int block) {
        StageCard<?> card = probe.card(Ref.device(device)).orElseThrow();
        javafx.scene.Node row = card.part(new Anchor.BlockRow(device, block)).orElseThrow();
        return row.lookupAll(".block-mark").stream()
                .anyMatch(n -> n.isVisible() && ((Label) n).getText().contains("≠ legs differ"));
    }

    private String banner() {
        return ((Label) view.lookup("#stage-banner")).getText();
    }

    @Test
    void steppingBackAndJumpingCutCleanlyAndSpeedShortensTransitions(FxRobot robot) {
        robot.interact(() -> show(6));
        robot.interact(() -> show(5));
        assertThat(clock.running()).as("back: no motion").isFalse();
        assertThat(probe.packets()).isEmpty();
        assertThat(blockText("leg1", 0)).isEqualTo("0000");
        robot.interact(() -> show(12));
        assertThat(clock.running()).as("a jump: no motion").isFalse();
        robot.interact(() -> {
            show(5);
            view.speedProperty().set(2);
            show(6);
        });
        assertThat(clock.millis()).isEqualTo(StageView.BASE_MILLIS / 2);
        robot.interact(() -> {
            clock.finish();
            show(5);
            view.reducedMotionProperty().set(true);
            show(6);
        });
        assertThat(clock.running()).as("reduced motion").isFalse();
        assertThat(blockText("leg1", 0)).isEqualTo("BBBB");
    }

    @Test
    void theToolkitClockFinishesATransitionOnItsOwn(FxRobot robot) throws Exception {
        boolean[] underWay = {false};
        robot.interact(() -> {
            view.clockProperty().set(new FxMotionClock());
            show(6);
            underWay[0] = !probe.packets().isEmpty();
        });
        assertThat(underWay[0]).as("the step is animated").isTrue();
        // Waits for the end rather than sleeping the transition's length: on a loaded machine the toolkit's pulses
        // come late, and the bound is only against a clock that never finishes.
        WaitForAsyncUtils.waitFor(
                60,
                java.util.concurrent.TimeUnit.SECONDS,
                () -> WaitForAsyncUtils.asyncFx(() -> probe.packets().isEmpty()).get());
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(blockText("leg1", 0)).isEqualTo("BBBB");
    }

    private Point2D routeStart() {
        return probe.routes().stream()
                .filter(r -> r.kind() == ArrowKind.DMA && r.from().equals(Ref.page("B")))
                .findFirst()
                .orElseThrow()
                .points()
                .getFirst();
    }

    /** A node's centre in stage units (the motion layer is in stage units too). */
    private static Point2D center(Region n) {
        Bounds b = n.getBoundsInParent();
        return new Point2D(b.getCenterX(), b.getCenterY());
    }

    private String blockText(String device, int block) {
        return blockBytes(device, block).text();
    }

    private double cellScale(String device, int block) {
        return blockBytes(device, block).cell(0).getScaleY();
    }

    /** The byte cells of a block's row, found as the transition finds them: by the part's name. */
    private ByteCells blockBytes(String device, int block) {
        StageCard<?> card = probe.card(Ref.device(device)).orElseThrow();
        return (ByteCells) card.part(new Anchor.BlockBytes(device, block)).orElseThrow();
    }
}
