package org.diolab.app.kernellab.trace;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import javafx.embed.swing.SwingFXUtils;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.scene.input.KeyCode;
import javafx.stage.Stage;
import javax.imageio.ImageIO;
import org.diolab.lesson.Lesson;
import org.diolab.lesson.LessonLoader;
import org.diolab.live.kernel.trace.Fixtures;
import org.diolab.live.kernel.trace.export.TraceFile;
import org.diolab.live.kernel.trace.meaning.Look;
import org.diolab.live.kernel.trace.meaning.Step;
import org.diolab.live.kernel.trace.view.Beat;
import org.diolab.live.kernel.trace.view.FailureView;
import org.diolab.live.kernel.trace.view.TraceStory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The kernel's trace of false-csum-read (recorded on this machine, the committed fixture) opened as the app opens a
 * trace file, beside the S000 lesson's run: the EIO read is drawn with its failure red, its call, request and the
 * scribbler's passes as bars, the model's steps on the rows of the kernel events they line up with; the stage's keys
 * step through it and the buttons choose another recorded failure.
 */
@ExtendWith(ApplicationExtension.class)
class KernelTraceViewTest {
    private KernelTraceView view;
    private TraceStory story;
    private List<ModelStep> model;

    @Start
    void start(Stage stage) throws Exception {
        List<String> recorded = Fixtures.lines("false-csum-read.ftrace.txt");
        TraceFile.About about = new TraceFile.About(
                "false-csum-read",
                "A false checksum error on a direct read",
                Look.EIO_READS,
                "each EIO read",
                "the recording's EIO reads");
        List<String> file = new ArrayList<>(recorded.subList(0, 4));
        // The fixture's header is the phase-1 recorder's (kept of read lines); the lab's file now counts only what the
        // ring buffer lost (none here, as its "# dio-lab:" line says), which is what the view reports.
        long kept = recorded.stream().filter(l -> !l.startsWith("#")).count();
        file.set(2, "# entries-in-buffer/entries-written: " + kept + "/" + kept + "   #P:2");
        file.addAll(TraceFile.notes(about, Fixtures.DEVICES, Fixtures.kmsg("false-csum-read.kmsg.txt")));
        file.addAll(recorded.subList(4, recorded.size()));
        story = TraceFile.read(file).story();
        Lesson s000 = LessonLoader.loadPaths(List.of(Path.of("lessons", "dio-read-false-checksum-error.yaml")))
                .find("dio-read-false-checksum-error")
                .orElseThrow();
        model = ModelStep.of(s000.play(s000.defaultPolicy()));
        javafx.application.Application.setUserAgentStylesheet(
                new atlantafx.base.theme.PrimerLight().getUserAgentStylesheet()); // the theme's colours, as the app
        view = new KernelTraceView(TracePicture.of(story, model));
        stage.setScene(new Scene(view, 1200, 800));
        stage.show();
        view.requestFocus();
    }

    @Test
    void theEioReadIsDrawnRedWithItsCallRequestAndStoresBesideTheModel(FxRobot robot) throws Exception {
        FailureView f = story.first().orElseThrow();
        assertThat(text(robot, "#trace-pick"))
                .startsWith("failure 1 of " + story.failures().size() + ": ")
                .contains("EIO");
        List<String> headers = onFx(() -> robot.lookup(".trace-column-header").queryAllAs(Label.class).stream()
                .map(Label::getText)
                .toList());
        assertThat(text(robot, "#trace-lost")).isEqualTo("the ring buffer lost nothing");
        assertThat(headers).contains("loop0: the device", "kernel log").anyMatch(h -> h.startsWith("reader ("));
        assertThat(classesOf(robot, ".trace-span-call")).contains("trace-red");
        assertThat(onFx(() -> robot.lookup(".trace-span-request").queryAll())).isNotEmpty();
        assertThat(onFx(() -> robot.lookup(".trace-span-store").queryAll()))
                .as("the scribbler's passes")
                .isNotEmpty();
        List<String> redBeats = onFx(() -> robot.lookup(".trace-beat").queryAll().stream()
                .filter(n -> n.getStyleClass().contains("trace-red"))
                .map(Node::getId)
                .toList());
        assertThat(redBeats)
                .as("the verify mismatches and the failed return")
                .containsExactlyInAnyOrderElementsOf(
                        f.red().stream().map(b -> "trace-beat-" + b.index()).toList());

        // Beside the model: the lesson's DMA step sits on the row of the kernel's block_rq_issue.
        int dmaStep = indexOf(model, "dma");
        int dmaBeat = view.shown().orElseThrow().beatFor(dmaStep).orElseThrow();
        assertThat(f.beats().get(dmaBeat).step()).isEqualTo(Step.DMA);
        assertThat(f.columns().get(f.beats().get(dmaBeat).column()).label()).startsWith("loop0");
        double modelY = onFx(() -> robot.lookup("#trace-model-" + dmaStep)
                .query()
                .getBoundsInParent()
                .getCenterY());
        double beatY = onFx(() -> robot.lookup("#trace-beat-" + dmaBeat)
                .query()
                .getBoundsInParent()
                .getCenterY());
        assertThat(modelY).isCloseTo(beatY, org.assertj.core.data.Offset.offset(SpaceTimePane.ROW / 2));
        assertThat(classesOf(robot, "#trace-model-" + dmaStep)).contains("trace-model-step");
        shoot("kernel-trace-false-csum-read");
    }

    @Test
    void theStagesKeysStepThroughTheFailureAndSayWhatTheModelDidThere(FxRobot robot) {
        FailureView f = story.first().orElseThrow();
        List<Beat> steps = f.steps();
        assertThat(text(robot, "#trace-step")).startsWith("step 1 / " + steps.size() + " · ");
        robot.type(KeyCode.RIGHT);
        assertThat(text(robot, "#trace-step"))
                .startsWith("step 2 / " + steps.size() + " · " + steps.get(1).words());
        assertThat(classesOf(robot, "#trace-beat-" + steps.get(1).index())).contains("trace-selected");
        assertThat(classesOf(robot, "#trace-beat-" + steps.get(0).index())).doesNotContain("trace-selected");
        robot.type(KeyCode.LEFT);
        assertThat(text(robot, "#trace-step")).startsWith("step 1 / ");

        int dmaBeat = view.shown().orElseThrow().beatFor(indexOf(model, "dma")).orElseThrow();
        int dma = indexWhere(steps, b -> b.index() == dmaBeat);
        for (int i = 0; i < dma; i++) {
            robot.type(KeyCode.RIGHT);
        }
        assertThat(text(robot, "#trace-step")).contains("DMA starts").contains("loop0: the device");
        assertThat(text(robot, "#trace-model-status")).startsWith("the model: ").contains("(dma)");

        robot.type(KeyCode.END);
        assertThat(text(robot, "#trace-step")).startsWith("step " + steps.size() + " / " + steps.size());
        int red = indexWhere(steps, Beat::red);
        robot.type(KeyCode.HOME);
        for (int i = 0; i < red; i++) {
            robot.type(KeyCode.RIGHT);
        }
        assertThat(classesOf(robot, "#trace-step"))
                .as("a red step's words are red")
                .contains("trace-red");
    }

    @Test
    void theButtonsChooseAnotherRecordedFailureAndHoverShowsAnEventsFields(FxRobot robot) {
        assertThat(story.failures()).hasSizeGreaterThan(1);
        assertThat(onFx(() -> robot.lookup("#trace-previous").query().isDisabled()))
                .isTrue();
        robot.clickOn("#trace-next");
        assertThat(text(robot, "#trace-pick")).startsWith("failure 2 of ");
        assertThat(view.shown().orElseThrow().index()).isEqualTo(1);
        assertThat(text(robot, "#trace-step")).startsWith("step 1 / ");
        robot.clickOn("#trace-first");
        assertThat(text(robot, "#trace-pick")).startsWith("failure 1 of ");

        Beat dma = story.first().orElseThrow().beats().stream()
                .filter(b -> b.step() == Step.DMA)
                .findFirst()
                .orElseThrow();
        String hover = onFx(() ->
                (String) robot.lookup("#trace-beat-" + dma.index()).query().getUserData());
        assertThat(hover)
                .startsWith("DMA starts\n")
                .contains("rwbs = RS")
                .contains("sector = ")
                .contains("µs");
    }

    private static int indexOf(List<ModelStep> steps, String label) {
        for (int i = 0; i < steps.size(); i++) {
            if (steps.get(i).label().equals(label)) {
                return i;
            }
        }
        throw new AssertionError("no " + label + " step in " + ModelStep.labels(steps));
    }

    private static int indexWhere(List<Beat> beats, java.util.function.Predicate<Beat> p) {
        for (int i = 0; i < beats.size(); i++) {
            if (p.test(beats.get(i))) {
                return i;
            }
        }
        throw new AssertionError("no such step");
    }

    private static String text(FxRobot robot, String query) {
        return onFx(() -> robot.lookup(query).queryAs(Label.class).getText());
    }

    private static Set<String> classesOf(FxRobot robot, String query) {
        return onFx(() -> Set.copyOf(robot.lookup(query).query().getStyleClass()));
    }

    private void shoot(String name) throws Exception {
        Path dir = Files.createDirectories(Path.of("target", "screenshots"));
        onFx(() -> ImageIO.write(
                SwingFXUtils.fromFXImage(view.snapshot(null, null), null),
                "png",
                dir.resolve(name + ".png").toFile()));
    }

    private static <T> T onFx(Callable<T> c) {
        try {
            return WaitForAsyncUtils.asyncFx(c).get(60, TimeUnit.SECONDS);
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }
}
