package org.diolab.app.kernellab;

import java.util.List;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.control.Button;
import javafx.scene.control.CheckBox;
import javafx.scene.control.Label;
import javafx.scene.control.ProgressBar;
import javafx.scene.control.Separator;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;
import org.diolab.app.kernellab.trace.KernelTraces;
import org.diolab.app.kernellab.trace.TraceCardActions;
import org.diolab.app.ui.Labels;
import org.jspecify.annotations.Nullable;

/**
 * "On this kernel": the lesson's race run against the running kernel by the kernel lab, with a Run button, progress
 * and cancel, then each verdict as a card: the outcome in words (the badge's shape and text carry it, colour only
 * adds to it), the sentence, what the kernel did, the setup, the evidence, the kernel's own log lines, the upstream
 * commit it points to, and what this run could not show.
 */
public final class KernelLabView extends VBox {
    static final String RUN = "Run on this kernel";
    static final String CANCEL = "Cancel";
    private static final javafx.css.PseudoClass EARLIER = javafx.css.PseudoClass.getPseudoClass("earlier");

    private final KernelLabViewModel vm;
    private final VBox about = new VBox(4);
    private final VBox cards = new VBox(12);
    private final @Nullable KernelTraces traces; // the trace hook (issue 21)

    public KernelLabView(KernelLabViewModel vm) {
        this(vm, null);
    }

    /** With {@code traces} (whose runner {@code vm} runs): a "Record the kernel's trace" choice, a trace per card. */
    public KernelLabView(KernelLabViewModel vm, @Nullable KernelTraces traces) {
        super(8);
        this.vm = vm;
        this.traces = traces;
        setId("kernel-lab");
        getStyleClass().add("kernel-lab");
        getStylesheets().add(KernelLabView.class.getResource("kernel-lab.css").toExternalForm());

        Label title = new Label("On this kernel");
        title.getStyleClass().add(atlantafx.base.theme.Styles.TITLE_4);
        Label machine = Labels.wrapped("", "kernel-machine");
        machine.setId("kernel-machine");
        machine.textProperty().bind(vm.machineProperty());

        // One button in one place: Run becomes Cancel while the lab runs (nothing else on the row moves).
        Button run = new Button(RUN);
        run.setId("kernel-run");
        run.textProperty()
                .bind(javafx.beans.binding.Bindings.when(vm.runningProperty())
                        .then(CANCEL)
                        .otherwise(RUN));
        wideEnoughFor(run, RUN, CANCEL);
        run.disableProperty()
                .bind(vm.runningProperty()
                        .not()
                        .and(javafx.beans.binding.Bindings.createBooleanBinding(
                                () -> vm.scenariosProperty().get().isEmpty(), vm.scenariosProperty())));
        run.setOnAction(e -> {
            if (vm.runningProperty().get()) {
                vm.cancel();
            } else {
                vm.run();
            }
        });
        ProgressBar progress = new ProgressBar();
        progress.setId("kernel-progress");
        progress.progressProperty().bind(vm.progressProperty());
        progress.setMaxWidth(Double.MAX_VALUE);
        HBox.setHgrow(progress, Priority.ALWAYS);
        CheckBox sweep = new CheckBox("First remove what ended runs left here");
        sweep.setId("kernel-sweep");
        sweep.setSelected(vm.sweepProperty().get());
        sweep.selectedProperty().addListener((o, a, on) -> vm.setSweep(on));
        sweep.disableProperty().bind(vm.runningProperty());
        sweep.setTooltip(new javafx.scene.control.Tooltip("A killed run's mounts, loop devices and images, and other"
                + " DIO Lab runs' scratch files: only this user's, from this host, whose lock is free (--no-sweep"
                + " when off)"));
        HBox controls = new HBox(8, run, sweep, progress);
        if (traces != null) {
            controls.getChildren().add(2, TraceCardActions.choice(traces.recordProperty(), vm.runningProperty()));
        }
        controls.setAlignment(Pos.CENTER_LEFT);
        Label status = Labels.wrapped("", "kernel-status");
        status.setId("kernel-status");
        status.textProperty().bind(vm.statusProperty());

        cards.setId("kernel-results");
        Label earlier = Labels.wrapped("", "kernel-earlier");
        earlier.setId("kernel-earlier");
        earlier.textProperty()
                .bind(javafx.beans.binding.Bindings.when(vm.runningProperty())
                        .then("The verdicts below are the previous run's; this run's replace them when it ends.")
                        .otherwise("The verdicts below are an earlier run's: the last run did not finish."));
        earlier.visibleProperty().bind(vm.earlierProperty());
        earlier.managedProperty().bind(earlier.visibleProperty());
        cards.pseudoClassStateChanged(EARLIER, vm.earlierProperty().get());
        vm.earlierProperty().addListener((o, a, on) -> cards.pseudoClassStateChanged(EARLIER, on));
        vm.aboutProperty().addListener((o, a, lines) -> showAbout(lines));
        vm.cardsProperty().addListener((o, a, r) -> showResults(r));
        showAbout(vm.aboutProperty().get());
        showResults(vm.cardsProperty().get()); // made when the Live tab is first opened: an earlier run's verdicts
        getChildren().addAll(new Separator(), title, about, controls, status, machine, earlier, cards);
        setPadding(new Insets(8, 0, 0, 0));
    }

    /** {@code b} as wide as the widest of {@code texts} needs, whichever it shows, so that nothing beside it moves. */
    private static void wideEnoughFor(Button b, String... texts) {
        b.setMinWidth(javafx.scene.layout.Region.USE_PREF_SIZE);
        b.prefWidthProperty()
                .bind(javafx.beans.binding.Bindings.createDoubleBinding(
                        () -> {
                            double w = 0;
                            for (String s : texts) {
                                javafx.scene.text.Text t = new javafx.scene.text.Text(s);
                                t.setFont(b.getFont());
                                w = Math.max(w, t.getLayoutBounds().getWidth());
                            }
                            return Math.ceil(w
                                    + b.getPadding().getLeft()
                                    + b.getPadding().getRight()
                                    + 4);
                        },
                        b.fontProperty(),
                        b.paddingProperty()));
    }

    /** For tests and scripted demos. */
    public KernelLabViewModel viewModel() {
        return vm;
    }

    private void showAbout(List<String> lines) {
        about.getChildren().clear();
        if (vm.scenariosProperty().get().isEmpty()) {
            lines.forEach(l -> about.getChildren().add(Labels.wrapped(l, "kernel-about")));
            return;
        }
        about.getChildren()
                .add(Labels.wrapped(
                        "Runs this lesson's race against the kernel you are running, on btrfs"
                                + " or ext4 it builds on loop devices of its own (needs root), and reads the verdict from the kernel's"
                                + " own evidence. Everything it builds is removed at the end, on cancel and on failure.",
                        "kernel-about"));
        lines.forEach(l -> about.getChildren().add(Labels.wrapped(l, "kernel-scenario")));
        Label cmd = Labels.wrapped("", "kernel-command");
        cmd.setId("kernel-command");
        cmd.textProperty().bind(vm.commandLineProperty());
        about.getChildren().add(cmd);
    }

    private void showResults(List<KernelVerdictCard> results) {
        cards.getChildren().clear();
        for (KernelVerdictCard r : results) {
            cards.getChildren().add(card(r));
        }
    }

    private VBox card(KernelVerdictCard r) {
        Label badge = new Label(r.badge());
        badge.getStyleClass().addAll("kernel-badge", "kernel-badge-" + r.outcome());
        Label name = new Label(r.title());
        name.getStyleClass().add("kernel-card-title");
        HBox head = new HBox(10, badge, name);
        head.setAlignment(Pos.CENTER_LEFT);
        Label verdict = Labels.wrapped(r.verdict(), "kernel-verdict");
        verdict.setId("kernel-verdict-" + r.scenarioId());
        VBox card = new VBox(6, head, verdict);
        card.getStyleClass().add("kernel-card");
        if (!r.mechanism().isEmpty()) {
            card.getChildren().add(Labels.wrapped("What the kernel did: " + r.mechanism(), "kernel-mechanism"));
        }
        if (!r.setup().isEmpty()) {
            card.getChildren().add(Labels.wrapped("Setup: " + r.setup(), "kernel-setup"));
        }
        if (!r.evidence().isEmpty()) {
            GridPane grid = new GridPane();
            grid.getStyleClass().add("kernel-evidence");
            grid.setHgap(12);
            grid.setVgap(2);
            int row = 0;
            for (KernelVerdictCard.Evidence m : r.evidence()) {
                Label k = Labels.wrapped(m.label(), "kernel-evidence-label");
                Label v = new Label(m.value());
                v.getStyleClass().add("kernel-evidence-value");
                grid.addRow(row++, k, v);
            }
            card.getChildren().add(grid);
        }
        if (!r.kernelLog().isEmpty()) {
            card.getChildren().add(Labels.wrapped("The kernel's log about the lab's devices:", "kernel-log-title"));
            Label log = Labels.wrapped(String.join("\n", r.kernelLog()), "kernel-log");
            log.setId("kernel-log-" + r.scenarioId());
            card.getChildren().add(log);
        }
        for (String ref : r.references()) {
            card.getChildren().add(Labels.wrapped("Points to " + ref, "kernel-reference"));
        }
        for (String limit : r.limits()) {
            card.getChildren().add(Labels.wrapped("Could not show: " + limit, "kernel-limit"));
        }
        if (traces != null) {
            traces.offer(r.scenarioId()).ifPresent(o -> card.getChildren().add(new TraceCardActions(o, traces::open)));
        }
        return card;
    }
}
