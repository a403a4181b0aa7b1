package org.diolab.app;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import javafx.application.Platform;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

@ExtendWith(ApplicationExtension.class)
class StepExporterTest {
    @TempDir
    Path dir;
    private MainWindow window;
    private final LessonViewModel vm = new LessonViewModel();

    @Start
    void start(Stage stage) {
        window = FxTestSupport.show(stage, org.diolab.TestLessons.bundled(), vm);
        window.openLesson("raid1-mirrors-diverge");
    }

    @Test
    void exportsEveryStepAsANumberedPngAndRestoresTheStepOnShow() throws Exception {
        CompletableFuture<List<Path>> written = new CompletableFuture<>();
        Platform.runLater(() -> {
            vm.goTo(4);
            new StepExporter(vm, new org.diolab.app.work.FxBackgroundWork()).exportRun(window.stageView(), dir.resolve("run"),
                    written::complete, written::completeExceptionally, (f, m) -> { });
        });
        List<Path> files = written.get(60, TimeUnit.SECONDS);
        assertThat(files).hasSize(23);
        assertThat(files.getFirst().getFileName().toString()).isEqualTo("step-000.png");
        assertThat(files.getLast().getFileName().toString()).isEqualTo("step-022.png");
        for (Path f : files) {
            assertThat(Files.size(f)).isGreaterThan(5_000);
        }
        assertThat(Files.mismatch(files.get(5), files.get(6))).as("different steps, different pictures")
                .isNotEqualTo(-1L);
        assertThat(vm.indexProperty().get()).isEqualTo(4);
    }
}
