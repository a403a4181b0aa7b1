package org.diolab.app.kernellab;

import java.io.File;
import java.util.List;
import javafx.beans.binding.Bindings;
import javafx.geometry.Pos;
import javafx.scene.control.Button;
import javafx.scene.control.CheckBox;
import javafx.scene.control.Label;
import javafx.scene.layout.HBox;
import javafx.scene.layout.VBox;
import javafx.stage.DirectoryChooser;
import org.diolab.app.ui.Labels;

/**
 * "On a btrfs you mounted", under "On this kernel": choose the btrfs, read what the run will change there (and, when
 * a scenario would raise its error counters, tick the consent box, off by default), then run. Run stays disabled
 * until the lab has said what it will do for exactly that choice; afterwards, what changed there and by how much.
 */
public final class UserBtrfsConsentView extends VBox {
    private final UserBtrfsConsentViewModel vm;
    private final VBox said = new VBox(2);
    private final VBox after = new VBox(2);
    private final CheckBox consent = new CheckBox();

    public UserBtrfsConsentView(UserBtrfsConsentViewModel vm) {
        super(6);
        this.vm = vm;
        setId("kernel-user-btrfs");
        getStyleClass().add("kernel-lab");
        visibleProperty()
                .bind(Bindings.createBooleanBinding(
                        () -> !vm.scenariosProperty().get().isEmpty(), vm.scenariosProperty()));
        managedProperty().bind(visibleProperty());

        Label title = new Label("On a btrfs you mounted");
        title.getStyleClass().add(atlantafx.base.theme.Styles.TITLE_4);
        Label about = Labels.wrapped(
                "The file-level scenarios can also run on a btrfs of yours (no loop devices). The lab says first what"
                        + " the run would change there for good, and compares the btrfs's counters and settings before"
                        + " and after each scenario.",
                "kernel-about");

        Button choose = new Button("Choose btrfs…");
        choose.setId("kernel-user-btrfs-choose");
        choose.disableProperty().bind(vm.runningProperty());
        choose.setOnAction(e -> {
            DirectoryChooser c = new DirectoryChooser();
            c.setTitle("The mount point of a btrfs of yours");
            File f = c.showDialog(getScene() == null ? null : getScene().getWindow());
            if (f != null) {
                vm.setMount(f.toPath());
            }
        });
        Label where = new Label();
        where.setId("kernel-user-btrfs-mount");
        where.textProperty()
                .bind(Bindings.createStringBinding(
                        () -> vm.mountProperty().get() == null
                                ? "none chosen"
                                : vm.mountProperty().get().toString(),
                        vm.mountProperty()));
        HBox pick = new HBox(8, choose, where);
        pick.setAlignment(Pos.CENTER_LEFT);

        consent.setId("kernel-user-btrfs-consent");
        consent.setWrapText(true);
        consent.setMnemonicParsing(false); // "corruption_errs" is a name, not a shortcut
        consent.selectedProperty().addListener((o, a, on) -> {
            if (on != vm.consentProperty().get()) {
                vm.setConsent(on);
            }
        });
        vm.consentProperty().addListener((o, a, on) -> consent.setSelected(on));
        consent.disableProperty().bind(vm.runningProperty());

        Button run = new Button("Run on my btrfs");
        run.setId("kernel-user-btrfs-run");
        run.disableProperty().bind(vm.readyProperty().not().or(vm.runningProperty()));
        run.setOnAction(e -> vm.run());
        Button cancel = new Button("Cancel");
        cancel.setId("kernel-user-btrfs-cancel");
        cancel.visibleProperty().bind(vm.runningProperty());
        cancel.managedProperty().bind(cancel.visibleProperty());
        cancel.setOnAction(e -> vm.cancel());
        HBox controls = new HBox(8, run, cancel);
        controls.setAlignment(Pos.CENTER_LEFT);

        Label status = Labels.wrapped("", "kernel-status");
        status.setId("kernel-user-btrfs-status");
        status.textProperty().bind(vm.statusProperty());
        Label cmd = Labels.wrapped("", "kernel-command");
        cmd.textProperty().bind(vm.commandLineProperty());
        said.setId("kernel-user-btrfs-beforehand");
        after.setId("kernel-user-btrfs-lasting");

        vm.scenariosProperty().addListener((o, a, s) -> showConsent());
        vm.beforehandProperty().addListener((o, a, lines) -> show(said, lines));
        vm.lastingProperty().addListener((o, a, lines) -> show(after, lines));
        showConsent();
        // Made when the Live tab is first opened: what the model holds by then is drawn now.
        consent.setSelected(vm.consentProperty().get());
        show(said, vm.beforehandProperty().get());
        show(after, vm.lastingProperty().get());
        getChildren().addAll(title, about, pick, consent, said, controls, status, after, cmd);
    }

    /** For tests and scripted demos. */
    public UserBtrfsConsentViewModel viewModel() {
        return vm;
    }

    private void showConsent() {
        consent.setVisible(vm.asksConsent());
        consent.setManaged(vm.asksConsent());
        consent.setText(vm.asksConsent() ? vm.consentText() : "");
    }

    private static void show(VBox box, List<String> lines) {
        box.getChildren().clear();
        lines.forEach(l -> box.getChildren().add(Labels.wrapped(l, "kernel-scenario")));
    }
}
