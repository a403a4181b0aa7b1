package org.diolab.app;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import javafx.scene.control.Label;
import javafx.stage.Stage;
import org.diolab.app.lesson.LessonViewModel;
import org.diolab.app.live.LiveRow;
import org.diolab.app.live.LiveVerdict;
import org.diolab.lesson.LessonLibrary;
import org.diolab.lesson.LessonLoader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/** The Live tab runs a lesson's experiment for real on a temp directory, and leaves nothing behind. */
@ExtendWith(ApplicationExtension.class)
class LiveFlowTest {
    @TempDir
    static Path lessons;

    @TempDir
    Path scratch;

    private MainWindow window;

    /** The RAID1 lesson with its experiment shrunk to a few MiB, so the test is quick on any disk. */
    static LessonLibrary smallLesson() throws IOException {
        Path src = Path.of("lessons");
        Files.createDirectories(lessons.resolve("sources"));
        try (Stream<Path> s = Files.list(src.resolve("sources"))) {
            for (Path f : s.toList()) {
                Files.copy(
                        f,
                        lessons.resolve("sources").resolve(f.getFileName()),
                        java.nio.file.StandardCopyOption.REPLACE_EXISTING);
            }
        }
        String yaml = Files.readString(src.resolve("raid1-mirrors-diverge.yaml"));
        yaml = yaml.replace("--size, 16m", "--size, 4m")
                .replace("--size, 1g", "--size, 8m")
                .replace("--runtime, 3s", "--runtime, 300ms")
                .replace("\nlive:\n", "\nlive:\n  repeats: 2\n");
        Files.writeString(lessons.resolve("raid1-mirrors-diverge.yaml"), yaml);
        return LessonLoader.load(lessons);
    }

    @Start
    void start(Stage stage) throws IOException {
        window = FxTestSupport.show(stage, smallLesson(), new LessonViewModel());
        window.openLesson("raid1-mirrors-diverge");
    }

    @Test
    void runningTheExperimentListsEachJobWithItsMachineAndRemovesTheFiles(FxRobot robot) throws Exception {
        robot.clickOn("Live on this disk");
        robot.clickOn("#live-run");
        assertThat(text(robot, "#live-status")).startsWith("Choose a scratch directory first");
        robot.clickOn("#live-dir").write(scratch.toString()).type(javafx.scene.input.KeyCode.ENTER);
        assertThat(window.liveView().chosenDirectory())
                .as("typed into the field")
                .isEqualTo(scratch);
        assertThat(text(robot, "#live-status")).isEmpty();
        robot.clickOn("#live-run");
        WaitForAsyncUtils.waitFor(
                120, TimeUnit.SECONDS, () -> text(robot, "#live-status").startsWith("Done on"));
        var rows = robot.lookup("#live-results").queryTableView().getItems();
        assertThat(rows).hasSize(4);
        LiveRow bounced = (LiveRow) rows.get(1);
        assertThat(bounced.mode()).isEqualTo("bounce");
        assertThat(bounced.mirrorBlocksDiffering())
                .as("a bounce copy keeps mirrors equal")
                .isZero();
        assertThat(bounced.verdict().kind()).isEqualTo(LiveVerdict.Kind.AS_EXPECTED);
        assertThat(bounced.races()).isEqualTo("0/2");
        LiveRow baseline = (LiveRow) rows.get(2);
        assertThat(baseline.baseline()).isTrue();
        assertThat(baseline.ratio()).isEqualTo(1.0);
        for (Object o : rows) {
            LiveRow r = (LiveRow) o;
            assertThat(r.mibPerSec().n()).as("every job ran twice").isEqualTo(2);
            assertThat(r.mibPerSec().min())
                    .isPositive()
                    .isLessThanOrEqualTo(r.mibPerSec().max());
            assertThat(r.machine()).contains("CPUs").contains("Linux");
            assertThat(r.sizeNote())
                    .as("shrunk for the test: every job is small")
                    .contains("small enough");
        }
        assertThat(robot.lookup("#live-notes")
                        .queryAs(javafx.scene.layout.VBox.class)
                        .getChildren())
                .as("the small sizes are said")
                .isNotEmpty();
        assertThat(text(robot, "#live-status")).contains("each job ran 2 times").contains("Scratch files removed");
        try (Stream<Path> left = Files.list(scratch)) {
            assertThat(left).isEmpty();
        }
        FxTestSupport.shoot(window, "raid1-live");
    }

    private static String text(FxRobot robot, String query) {
        return robot.lookup(query).queryAs(Label.class).getText();
    }
}
