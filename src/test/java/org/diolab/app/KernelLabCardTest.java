package org.diolab.app;

import static org.assertj.core.api.Assertions.assertThat;
import static org.diolab.app.FxTestSupport.onFx;

import java.nio.file.Path;
import javafx.beans.property.SimpleObjectProperty;
import javafx.geometry.Bounds;
import javafx.scene.Scene;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.layout.VBox;
import javafx.stage.Stage;
import org.diolab.TestLessons;
import org.diolab.app.kernellab.KernelLabView;
import org.diolab.app.kernellab.KernelLabViewModel;
import org.diolab.app.kernellab.LabReports;
import org.diolab.app.lesson.LessonViewModel;
import org.diolab.app.work.ManualBackgroundWork;
import org.diolab.live.kernel.KernelLabReport;
import org.diolab.live.kernel.scenario.Scenario;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/**
 * Issue 20: the kernel lab's Cancel was not where Run was, and Run cleared the old results (the layout jumped). Now
 * the one button turns into Cancel in place, the earlier verdicts stay (marked) and cancelling says what it removed.
 * A stand-in lab: needs no root.
 */
@ExtendWith(ApplicationExtension.class)
class KernelLabCardTest {
    private final ManualBackgroundWork work = new ManualBackgroundWork();
    private final LessonViewModel lessons = new LessonViewModel();
    private KernelLabView view;

    @Start
    void start(Stage stage) {
        KernelLabViewModel vm = new KernelLabViewModel(
                lessons, work, new SimpleObjectProperty<>(Path.of("/var/tmp/lab")), (r, l, c) -> {
                    c.throwIfCancelled();
                    return report();
                });
        view = new KernelLabView(vm);
        lessons.open(TestLessons.bundled().find("raid1-mirrors-diverge").orElseThrow());
        Themes.apply(false);
        Scene scene = new Scene(new VBox(view), 900, 700);
        scene.getStylesheets()
                .add(DioLabApp.class.getResource(DioLabApp.STYLESHEET).toExternalForm());
        stage.setScene(scene);
        stage.show();
    }

    private static KernelLabReport report() {
        return LabReports.present(
                Scenario.RAID1_DIVERGENCE, "present: the legs differ in 3 of 10 blocks", "btrfs RAID1 on loop0, loop1");
    }

    @Test
    void runTurnsIntoCancelInPlaceAndTheEarlierVerdictsStay(FxRobot robot) {
        Button run = onFx(() -> robot.lookup("#kernel-run").queryButton());
        robot.interact(() -> {
            run.fire();
            work.runAll();
        });
        assertThat(verdict(robot)).startsWith("present: the legs differ");
        Bounds before = onFx(() -> run.localToScene(run.getLayoutBounds()));
        assertThat(onFx(run::getText)).isEqualTo("Run on this kernel");

        robot.interact(run::fire);
        assertThat(onFx(run::getText)).as("the same button, now Cancel").isEqualTo("Cancel");
        assertThat(onFx(() -> robot.lookup("#kernel-cancel").tryQuery()))
                .as("no second button")
                .isEmpty();
        Bounds during = onFx(() -> run.localToScene(run.getLayoutBounds()));
        assertThat(during).as("in the same place, the same size").isEqualTo(before);
        assertThat(verdict(robot)).as("the earlier verdict stays").startsWith("present: the legs differ");
        assertThat(label(robot, "#kernel-earlier")).startsWith("The verdicts below are the previous run's");

        robot.interact(run::fire);
        assertThat(label(robot, "#kernel-status")).startsWith("Cancelling: removing the lab's mounts");
        robot.interact(work::runAll);
        assertThat(label(robot, "#kernel-status"))
                .isEqualTo("Cancelled; the lab's mounts, loop devices and images were removed.");
        assertThat(onFx(run::getText)).isEqualTo("Run on this kernel");
        assertThat(label(robot, "#kernel-earlier")).startsWith("The verdicts below are an earlier run's");
    }

    private String verdict(FxRobot robot) {
        return label(robot, "#kernel-verdict-raid1-divergence");
    }

    private static String label(FxRobot robot, String query) {
        return onFx(() -> robot.lookup(query).queryAs(Label.class).getText());
    }
}
