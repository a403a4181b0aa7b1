package org.diolab.app.kernellab.trace;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import javafx.beans.property.SimpleObjectProperty;
import javafx.scene.Parent;
import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.stage.Stage;
import javafx.stage.Window;
import org.diolab.app.kernellab.KernelLabView;
import org.diolab.app.kernellab.KernelLabViewModel;
import org.diolab.app.kernellab.LabReports;
import org.diolab.app.lesson.LessonViewModel;
import org.diolab.app.work.SynchronousBackgroundWork;
import org.diolab.lesson.LessonLoader;
import org.diolab.live.kernel.KernelLabReport;
import org.diolab.live.kernel.ScenarioTrace;
import org.diolab.live.kernel.TraceRequest;
import org.diolab.live.kernel.scenario.Scenario;
import org.diolab.live.kernel.scenario.ScenarioResult;
import org.diolab.live.kernel.trace.Fixtures;
import org.diolab.live.kernel.trace.meaning.ClockAlignment;
import org.diolab.live.kernel.trace.meaning.Failure;
import org.diolab.live.kernel.trace.meaning.FailurePicker;
import org.diolab.live.kernel.trace.meaning.Look;
import org.diolab.live.kernel.trace.meaning.TraceReading;
import org.diolab.live.kernel.trace.text.FtraceParser;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * "On this kernel" with the trace hook: "Record the kernel's trace" makes the run a traced one, the false-csum-read
 * card then offers "Show the kernel's trace" (saying the ring buffer lost events, as this stand-in's did), and the
 * button opens the recorded EIO read (this machine's fixture) beside the S000 lesson's run, its events drawn with
 * their names in the lesson's words and the failure red; an untraced run offers no trace.
 */
@ExtendWith(ApplicationExtension.class)
class KernelTraceCardTest {
    private static final long LOST = 669_264;
    private final List<TraceRequest> asked = new ArrayList<>();
    private KernelLabView view;
    private List<Failure> failures;

    @Start
    void start(Stage stage) throws Exception {
        javafx.application.Application.setUserAgentStylesheet(
                new atlantafx.base.theme.PrimerLight().getUserAgentStylesheet());
        LessonViewModel lessons = new LessonViewModel();
        lessons.open(LessonLoader.loadPaths(List.of(Path.of("lessons", "dio-read-false-checksum-error.yaml")))
                .find("dio-read-false-checksum-error")
                .orElseThrow());
        TraceReading reading = TraceReading.of(
                FtraceParser.parse(Fixtures.lines("false-csum-read.ftrace.txt")),
                Fixtures.DEVICES,
                Fixtures.kmsg("false-csum-read.kmsg.txt"),
                ClockAlignment.sameClock());
        failures = FailurePicker.forLook(Look.EIO_READS, reading);
        KernelTraces traces = new KernelTraces(lessons.lessonProperty(), (req, trace, l, c) -> {
            asked.add(trace);
            return report(trace.record() ? List.of(recorded(reading)) : List.of());
        });
        KernelLabViewModel vm = new KernelLabViewModel(
                lessons, new SynchronousBackgroundWork(), new SimpleObjectProperty<>(Path.of("target")), traces::run);
        view = new KernelLabView(vm, traces);
        stage.setScene(new Scene(new javafx.scene.control.ScrollPane(view), 1000, 800));
        stage.show();
    }

    private ScenarioTrace recorded(TraceReading reading) {
        return new ScenarioTrace(
                Scenario.FALSE_CSUM_READ,
                "each EIO read",
                Optional.empty(),
                Optional.of(reading),
                failures,
                Optional.empty(),
                Optional.of(result()),
                Optional.empty(),
                "dio-lab-test: 6 event(s) on",
                LOST,
                List.of());
    }

    private static ScenarioResult result() {
        return LabReports.presentResult(
                Scenario.FALSE_CSUM_READ, "present: 3 of 10 direct reads failed", "btrfs on loop0");
    }

    private static KernelLabReport report(List<ScenarioTrace> traces) {
        return LabReports.in("target")
                .results(List.of(result()))
                .tornDown("1 volume(s)")
                .traces(traces.isEmpty() ? "off" : "on", traces)
                .build();
    }

    @Test
    void aTracedRunsCardOpensTheEioReadWithItsEventsNamedBesideTheModel(FxRobot robot) {
        robot.clickOn("#kernel-trace-record");
        robot.clickOn("#kernel-run");
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(asked).extracting(TraceRequest::record).containsExactly(true);
        assertThat(text(robot, "#kernel-trace-note-false-csum-read"))
                .startsWith("The kernel's trace, recorded in a second, traced run (its own verdict: PRESENT): "
                        + failures.size() + " failure(s) picked")
                .contains("lost 669,264 event(s): the trace has gaps");
        assertThat(classes(robot, "#kernel-trace-note-false-csum-read")).contains("trace-lossy");

        robot.clickOn("#kernel-trace-show-false-csum-read");
        Parent trace = traceWindow();
        assertThat(text(robot.from(trace).lookup("#trace-pick"))).startsWith("failure 1 of " + failures.size() + ": ");
        assertThat(text(robot.from(trace).lookup("#trace-lost")))
                .startsWith("669,264 event(s) lost by the ring buffer");
        assertThat(classes(robot.from(trace).lookup("#trace-lost"))).contains("trace-lossy");
        List<String> names = onFx(() -> robot.from(trace).lookup(".trace-beat-label").queryAllAs(Label.class).stream()
                .map(Label::getText)
                .toList());
        assertThat(names)
                .as("the EIO read's events, named in the lesson's words")
                .contains("build-bio/submit", "DMA starts", "end-io", "verify mismatch", "return");
        List<String> red = onFx(() -> robot.from(trace).lookup(".trace-beat-label").queryAllAs(Label.class).stream()
                .filter(l -> l.getStyleClass().contains("trace-red"))
                .map(Label::getText)
                .toList());
        assertThat(red).contains("verify mismatch");
        assertThat(onFx(() -> robot.from(trace).lookup(".trace-model-step").queryAll()))
                .as("the lesson's run beside it")
                .isNotEmpty();
        onFx(() -> {
            ((Stage) trace.getScene().getWindow()).close();
            return null;
        });
    }

    @Test
    void anUntracedRunOffersNoTrace(FxRobot robot) {
        robot.clickOn("#kernel-run");
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(asked).extracting(TraceRequest::record).containsExactly(false);
        assertThat(onFx(() -> robot.lookup("#kernel-verdict-false-csum-read")
                        .tryQuery()
                        .isPresent()))
                .isTrue();
        assertThat(onFx(() -> robot.lookup("#kernel-trace-show-false-csum-read")
                        .tryQuery()
                        .isPresent()))
                .isFalse();
    }

    /** The trace window, once its picture is built off the FX thread. */
    private static Parent traceWindow() {
        try {
            WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> onFx(() -> findTraceWindow() != null));
        } catch (java.util.concurrent.TimeoutException e) {
            throw new AssertionError("no trace window opened", e);
        }
        return onFx(KernelTraceCardTest::findTraceWindow);
    }

    private static Parent findTraceWindow() {
        for (Window w : Window.getWindows()) {
            if (w instanceof Stage s && s.getTitle() != null && s.getTitle().contains("the kernel's trace")) {
                return s.getScene().getRoot();
            }
        }
        return null;
    }

    private static String text(org.testfx.service.query.NodeQuery q) {
        return onFx(() -> q.queryAs(Label.class).getText());
    }

    private static String text(FxRobot robot, String query) {
        return text(robot.lookup(query));
    }

    private static Set<String> classes(FxRobot robot, String query) {
        return onFx(() -> Set.copyOf(robot.lookup(query).query().getStyleClass()));
    }

    private static Set<String> classes(org.testfx.service.query.NodeQuery q) {
        return onFx(() -> Set.copyOf(q.query().getStyleClass()));
    }

    private static <T> T onFx(Callable<T> c) {
        try {
            return WaitForAsyncUtils.asyncFx(c).get(60, TimeUnit.SECONDS);
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }
}
