package org.diolab.app;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import javafx.stage.Stage;
import org.diolab.app.lesson.LessonViewModel;
import org.diolab.app.stage.StageProbe;
import org.diolab.app.stage.cast.Column;
import org.diolab.app.stage.layout.StageLayout;
import org.diolab.app.stage.layout.Strip;
import org.diolab.lesson.LessonLibrary;
import org.diolab.lesson.LessonLoader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/**
 * The lock convoy's kernel column (the inode's i_rwsem and the bios that take turns in flight) is one column: its
 * bios are never all on show at once, so it is not wrapped into a second strip that would stand mostly empty
 * between the lock and the disk.
 */
@ExtendWith(ApplicationExtension.class)
class ConvoyKernelColumnTest {
    private final LessonLibrary library = LessonLoader.loadBundled();

    @Start
    void start(Stage stage) {
        stage.show();
    }

    @Test
    void theConvoysKernelColumnDoesNotWrap(FxRobot robot) {
        StageLayout[] layout = new StageLayout[1];
        robot.interact(() -> {
            MainWindow w = FxTestSupport.offscreen(library, new LessonViewModel(), 1280, 720);
            w.openLesson("ext4-dio-lock-convoy");
            FxTestSupport.relayout(w, 1280, 720);
            layout[0] = StageProbe.of(w.stageView()).layout();
        });
        List<Strip> kernel = layout[0].stripList().stream()
                .filter(s -> s.column() == Column.KERNEL)
                .toList();
        assertThat(kernel).hasSize(1);
    }
}
