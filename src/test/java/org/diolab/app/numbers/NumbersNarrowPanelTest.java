package org.diolab.app.numbers;

import static org.assertj.core.api.Assertions.assertThat;
import static org.diolab.app.numbers.NumbersTab.onFx;

import java.nio.file.Path;
import java.util.List;
import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.scene.control.ScrollPane;
import javafx.stage.Stage;
import org.diolab.TestLessons;
import org.diolab.app.lesson.LessonViewModel;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The Numbers tab in the side panel's width at 1280×720 (about 380 px, fitted to width as the side tabs fit it): each
 * case's name reads as words across the panel, not two letters a line in a squeezed column.
 */
@ExtendWith(ApplicationExtension.class)
class NumbersNarrowPanelTest {
    private static final double PANEL = 380;

    @TempDir
    static Path scratch;

    @Start
    void start(Stage stage) {
        LessonViewModel lessons = new LessonViewModel();
        NumbersViewModel vm = NumbersTab.withS000Lab(lessons, scratch);
        ScrollPane panel = new ScrollPane(new NumbersView(vm, () -> scratch));
        panel.setFitToWidth(true);
        stage.setScene(new Scene(panel, PANEL, 700));
        stage.show();
        lessons.open(TestLessons.bundled().find("raid1-mirrors-diverge").orElseThrow());
    }

    @Test
    void everyCaseNameGetsThePanelsWidthNotASqueezedColumn(FxRobot robot) {
        WaitForAsyncUtils.waitForFxEvents();
        List<Label> cases = onFx(() ->
                robot.lookup(".numbers-case").queryAllAs(Label.class).stream().toList());
        assertThat(onFx(() -> cases.stream().map(Label::getText).toList()))
                .contains("Buffered fallback (datasum, unpatched)  [buffered-fallback]");
        for (Label c : cases) {
            double width = onFx(c::getWidth);
            double height = onFx(c::getHeight);
            double line = onFx(() -> c.getFont().getSize()) * 1.6;
            if (c.getText().length() > 40) {
                assertThat(width).as("width of '%s'", c.getText()).isGreaterThan(PANEL * 0.6);
            }
            assertThat(height)
                    .as("height of '%s' (lines of %.0f px)", c.getText(), line)
                    .isLessThan(3 * line);
        }
    }
}
