package org.diolab.app;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import javafx.beans.property.SimpleObjectProperty;
import javafx.scene.Scene;
import javafx.scene.control.Button;
import javafx.scene.control.CheckBox;
import javafx.scene.layout.VBox;
import javafx.stage.Stage;
import org.diolab.app.kernellab.LabReports;
import org.diolab.app.kernellab.UserBtrfsConsentView;
import org.diolab.app.kernellab.UserBtrfsConsentViewModel;
import org.diolab.app.work.SynchronousBackgroundWork;
import org.diolab.live.kernel.scenario.Scenario;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * "On a btrfs you mounted" as drawn: the consent box is shown unticked for false-csum-read, Run is disabled until a
 * btrfs is chosen and the lab has said what it will change, and what it said is on screen; picture in
 * target/screenshots/kernel-user-btrfs.png.
 */
@ExtendWith(ApplicationExtension.class)
class UserBtrfsConsentViewTest {
    private final SimpleObjectProperty<List<Scenario>> lesson =
            new SimpleObjectProperty<>(List.of(Scenario.FALSE_CSUM_READ, Scenario.NOWAIT_READ));
    private UserBtrfsConsentView view;

    @Start
    void start(Stage stage) {
        UserBtrfsConsentViewModel vm = new UserBtrfsConsentViewModel(
                lesson,
                new SynchronousBackgroundWork(),
                req -> req.allowErrorCounters()
                        ? List.of("false-csum-read will raise the device error counters (corruption_errs) of your"
                                + " btrfs at /mnt/b (now devid 1: corruption_errs 0)")
                        : List.of("false-csum-read runs on a btrfs of the lab's own, not on your btrfs at /mnt/b"),
                (req, l, c) -> LabReports.in("/mnt/b").tornDown("no volumes").build());
        view = new UserBtrfsConsentView(vm);
        VBox root = new VBox(view);
        root.setPrefWidth(720);
        stage.setScene(new Scene(root, 720, 460));
        stage.show();
    }

    @Test
    void consentIsAskedUntickedAndRunWaitsForWhatTheLabSays(FxRobot robot) throws Exception {
        Button run = (Button) view.lookup("#kernel-user-btrfs-run");
        CheckBox consent = (CheckBox) view.lookup("#kernel-user-btrfs-consent");
        assertThat(consent.isVisible()).isTrue();
        assertThat(consent.isSelected()).isFalse();
        assertThat(consent.getText()).startsWith("Let false-csum-read raise the device error counters");
        assertThat(run.isDisabled()).as("no btrfs chosen yet").isTrue();
        robot.interact(() -> view.viewModel().setMount(Path.of("/mnt/b")));
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(run.isDisabled()).as("the lab has said what it will do").isFalse();
        VBox said = (VBox) view.lookup("#kernel-user-btrfs-beforehand");
        assertThat(said.getChildren())
                .singleElement()
                .satisfies(n -> assertThat(((javafx.scene.control.Label) n).getText())
                        .startsWith("false-csum-read runs on a btrfs of the lab's own"));
        robot.interact(() -> consent.setSelected(true));
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(view.viewModel().consentProperty().get()).isTrue();
        assertThat(said.getChildren())
                .singleElement()
                .satisfies(n -> assertThat(((javafx.scene.control.Label) n).getText())
                        .startsWith("false-csum-read will raise the device error counters"));
        FxTestSupport.onFx(() -> Picture.of(view.getScene().getRoot(), "kernel-user-btrfs"));
    }
}
