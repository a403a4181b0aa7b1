package org.diolab.app;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import javafx.scene.control.Label;
import javafx.stage.Stage;
import org.diolab.app.kernellab.KernelLabView;
import org.diolab.app.lesson.LessonViewModel;
import org.diolab.lesson.LessonLoader;
import org.diolab.live.kernel.KernelLab;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The Live tab's "On this kernel": Run builds the lab, runs the lesson's race against this kernel, shows the verdict
 * card with its evidence and the kernel's log lines, and removes everything. Needs root, loop devices and btrfs.
 */
@ExtendWith(ApplicationExtension.class)
class KernelLabFlowTest {
    @org.junit.jupiter.api.io.TempDir
    static Path lessons;

    private MainWindow window;

    /** Only the S000 lesson: loading (and playing) one lesson keeps the window's set-up quick on a busy machine. */
    static org.diolab.lesson.LessonLibrary oneLesson() throws java.io.IOException {
        org.diolab.lesson.LessonFolder.copySources(lessons);
        Files.copy(
                Path.of("lessons", "dio-read-false-checksum-error.yaml"),
                lessons.resolve("dio-read-false-checksum-error.yaml"),
                java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        return LessonLoader.load(lessons);
    }

    private Path scratch;

    @Start
    void start(Stage stage) throws java.io.IOException {
        window = FxTestSupport.show(stage, oneLesson(), new LessonViewModel());
        window.openLesson("dio-read-false-checksum-error");
    }

    @AfterEach
    void cleanUp() throws Exception {
        if (scratch != null) {
            Files.deleteIfExists(scratch);
        }
    }

    @Test
    void runningTheLessonsRaceShowsTheKernelsVerdictAndLeavesNothing(FxRobot robot) throws Exception {
        robot.clickOn("Live on this disk");
        assertThat(text(robot, "#kernel-command")).isEqualTo("sudo dio-lab kernel-lab false-csum-read --dir DIR");
        KernelLab.unavailableReason().ifPresent(why -> assumeTrue(false, why)); // skips, saying why
        Files.createDirectories(Path.of("target"));
        scratch = Files.createTempDirectory(Path.of("target").toAbsolutePath(), "kernel-lab-app")
                .toRealPath();
        KernelLabView view = robot.lookup("#kernel-lab").queryAs(KernelLabView.class);
        robot.interact(() -> {
            window.liveView().useDirectory(scratch);
            view.viewModel().useSettings(16L << 20, Duration.ofMillis(800));
        });
        robot.interact(() -> robot.lookup("#kernel-run").queryButton().fire());
        WaitForAsyncUtils.waitFor(
                120,
                TimeUnit.SECONDS,
                () -> text(robot, "#kernel-status").startsWith("Done")
                        || text(robot, "#kernel-status").startsWith("Failed")
                        || text(robot, "#kernel-status").startsWith("Not run"));
        assertThat(text(robot, "#kernel-status")).startsWith("Done");
        var result = view.viewModel().resultsProperty().get().getFirst();
        assertThat(text(robot, "#kernel-verdict-false-csum-read")).isEqualTo(result.verdict());
        assertThat(text(robot, "#kernel-machine")).startsWith("Linux " + System.getProperty("os.version"));
        if (!result.kernelLog().isEmpty()) {
            assertThat(text(robot, "#kernel-log-false-csum-read"))
                    .contains(result.kernelLog().getFirst());
        }
        try (Stream<Path> left = Files.list(scratch)) {
            assertThat(left).isEmpty();
        }
        robot.interact(() -> {
            javafx.scene.Node n = window.liveView();
            while (n != null && !(n instanceof javafx.scene.control.ScrollPane)) {
                n = n.getParent();
            }
            if (n instanceof javafx.scene.control.ScrollPane sp) {
                // The "On this kernel" part at the top of the viewport: its run row, status and the verdict card.
                javafx.scene.Node part = robot.lookup("#kernel-lab").query();
                double y =
                        window.liveView().sceneToLocal(part.localToScene(0, 0)).getY();
                double scrollable =
                        window.liveView().getHeight() - sp.getViewportBounds().getHeight();
                sp.setVvalue(scrollable <= 0 ? 0 : Math.min(1, y / scrollable));
            }
        });
        WaitForAsyncUtils.waitForFxEvents();
        FxTestSupport.shoot(window, "kernel-lab-verdict");
    }

    private static String text(FxRobot robot, String query) {
        return robot.lookup(query).queryAs(Label.class).getText();
    }
}
