package org.diolab.app.numbers;

import static org.assertj.core.api.Assertions.assertThat;
import static org.diolab.app.numbers.NumbersTab.onFx;

import java.nio.file.Path;
import java.util.List;
import javafx.scene.Scene;
import javafx.scene.control.Button;
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

/** The Numbers tab's four columns, and "Re-measure on this kernel" filling the last, driven as a learner would. */
@ExtendWith(ApplicationExtension.class)
class NumbersViewKernelColumnTest {
    @TempDir
    static Path scratch;

    @Start
    void start(Stage stage) {
        LessonViewModel lessons = new LessonViewModel();
        NumbersViewModel vm = NumbersTab.withS000Lab(lessons, scratch);
        NumbersView view = new NumbersView(vm, () -> scratch);
        stage.setScene(new Scene(new ScrollPane(view), 1000, 800));
        stage.show();
        lessons.open(TestLessons.bundled().find("dio-read-false-checksum-error").orElseThrow());
    }

    @Test
    void reMeasuringOnThisKernelFillsTheFourthColumnBesideTheSeedsRatios(FxRobot robot) {
        assertThat(texts(robot, ".numbers-header"))
                .containsSubsequence("the seed", "the model", "this machine", "this kernel");
        assertThat(texts(robot, ".numbers-kernel")).isEmpty();
        Button run = onFx(() -> robot.lookup(".numbers-remeasure-kernel").queryButton());
        assertThat(onFx(run::getText)).isEqualTo("Re-measure on this kernel");

        robot.clickOn(run);
        WaitForAsyncUtils.waitForFxEvents();

        assertThat(texts(robot, ".numbers-ratio")).containsExactly("×1.00", "×0.86", "×0.80");
        assertThat(texts(robot, ".numbers-kernel")).containsExactly("this kernel ×1.00", "this kernel ×0.80");
        Label absent = onFx(() -> robot.lookup(".numbers-kernel-absent").queryAs(Label.class));
        assertThat(onFx(absent::getText)).isEqualTo("this kernel —");
        assertThat(onFx(() -> absent.getTooltip().getText())).contains("no knob picks the other");
        assertThat(texts(robot, ".numbers-kernel-line"))
                .singleElement()
                .satisfies(l -> assertThat(l)
                        .startsWith("This kernel (Linux 6.18.44, kernel lab on loop devices)")
                        .contains("each test file 64 MiB"));
    }

    private static List<String> texts(FxRobot robot, String query) {
        return onFx(() -> robot.lookup(query).queryAllAs(Label.class).stream()
                .map(Label::getText)
                .toList());
    }
}
