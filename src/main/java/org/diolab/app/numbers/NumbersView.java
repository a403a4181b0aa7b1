package org.diolab.app.numbers;

import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.function.Supplier;
import javafx.geometry.Pos;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import org.diolab.app.ui.Labels;
import org.diolab.lesson.SeedNumbers;

/**
 * The seed threads' measurements: workload, machine, each case with its value and its ratio to the table's first row
 * (drawn as a bar), then four columns of ratios: the seed's, the model's (on the seed's machine and on this one), this
 * machine's measured in user space ("Re-measure on this machine") and this kernel's, the seed's own workload run by
 * the kernel lab ("Re-measure on this kernel", cancellable while it runs), both in the scratch directory chosen on
 * the Live tab; then the caveats. Tables from different machines only compare as ratios.
 */
public final class NumbersView extends VBox {
    private final NumbersViewModel vm;
    private final Supplier<Path> scratch;

    /** {@code scratch}: the directory to re-measure in (the Live tab's choice), or null when none is chosen. */
    public NumbersView(NumbersViewModel vm, Supplier<Path> scratch) {
        super(16);
        this.vm = vm;
        this.scratch = scratch;
        getStyleClass().add("numbers-view");
        vm.tablesProperty().addListener((o, a, tables) -> show(tables));
        show(vm.tablesProperty().get()); // made when the tab opens, on a lesson already on show
    }

    private void show(List<NumbersViewModel.Table> tables) {
        getChildren().clear();
        if (tables.isEmpty()) {
            Label none = new Label("This lesson's thread has no measurements.");
            none.getStyleClass().add("placeholder");
            getChildren().add(none);
        }
        for (NumbersViewModel.Table t : tables) {
            getChildren().add(table(t));
        }
    }

    private VBox table(NumbersViewModel.Table table) {
        SeedNumbers t = table.numbers();
        Label title = Labels.wrapped(t.seed() + " · " + t.title(), "numbers-title");
        Label cmd = Labels.wrapped(t.command(), "numbers-command");
        Label hw = Labels.wrapped(t.hardware(), "numbers-hardware");
        GridPane grid = new GridPane();
        grid.getStyleClass().add("numbers-grid");
        grid.setHgap(8);
        grid.setVgap(4);
        double max = t.rows().stream().mapToDouble(SeedNumbers.Row::value).max().orElse(1);
        // Four columns of ratios to the first row: the seed's, the model's, this machine's (user space), this kernel's.
        // Each case's name has a row of its own across them: in the side panel's width (about 380 px at 1280×720) a
        // column of its own was squeezed to two letters a line.
        grid.addRow(
                0,
                label("case", "numbers-header"),
                label("the seed", "numbers-header"),
                label("the model", "numbers-header"),
                label("this machine", "numbers-header"),
                label("this kernel", "numbers-header"));
        int r = 1;
        for (NumbersViewModel.Row shown : table.rows()) {
            SeedNumbers.Row row = shown.row();
            Label name = Labels.wrapped(
                    row.label() + (row.policy() == null ? "" : "  [" + row.policy() + "]"), "numbers-case");
            Region bar = new Region();
            bar.getStyleClass().add("numbers-bar");
            bar.setPrefWidth(Math.max(2, 90 * row.value() / max));
            bar.setMinWidth(Region.USE_PREF_SIZE);
            bar.setPrefHeight(10);
            bar.setMaxHeight(10);
            VBox seed = new VBox(
                    label(String.format(Locale.ROOT, "%s %s", fmt(row.value()), t.unit()), "numbers-value"),
                    label(String.format(Locale.ROOT, "×%.2f", shown.seedRatio()), "numbers-ratio"));
            VBox model = new VBox();
            shown.modelRatio()
                    .ifPresent(m -> model.getChildren()
                            .add(label(String.format(Locale.ROOT, "model ×%.2f", m), "numbers-model")));
            shown.thisMachine()
                    .ifPresent(m -> model.getChildren()
                            .add(label(String.format(Locale.ROOT, "model here ×%.2f", m), "numbers-this-machine")));
            VBox machine = new VBox();
            shown.measured()
                    .ifPresent(m -> machine.getChildren()
                            .add(label(String.format(Locale.ROOT, "measured here ×%.2f", m), "numbers-measured")));
            VBox kernel = new VBox();
            shown.thisKernel()
                    .ifPresent(k -> kernel.getChildren()
                            .add(label(String.format(Locale.ROOT, "this kernel ×%.2f", k), "numbers-kernel")));
            shown.notOnThisKernel().ifPresent(why -> {
                Label none = label("this kernel —", "numbers-kernel-absent");
                none.setTooltip(new Tooltip(why));
                kernel.getChildren().add(none);
            });
            HBox barBox = new HBox(bar);
            barBox.setAlignment(Pos.CENTER_LEFT);
            barBox.setMinWidth(92);
            grid.add(name, 0, r++, 5, 1);
            grid.addRow(r++, barBox, seed, model, machine, kernel);
            if (!row.note().isEmpty()) {
                grid.add(Labels.wrapped(row.note(), "numbers-note"), 0, r++, 5, 1);
            }
        }
        VBox box = new VBox(6, title, cmd, hw, grid);
        table.model().ifPresent(m -> box.getChildren().add(Labels.wrapped(m, "numbers-hardware")));
        box.getChildren().add(Labels.wrapped(table.thisMachine(), "numbers-machine-line"));
        if (NumbersViewModel.measurable(t)) {
            Button again = new Button("Re-measure on this machine");
            again.getStyleClass().add("numbers-remeasure");
            again.setOnAction(e -> vm.remeasure(t, scratch.get()));
            box.getChildren().add(again);
        }
        table.measured().ifPresent(m -> box.getChildren().add(Labels.wrapped(m, "numbers-measured-line")));
        if (NumbersViewModel.kernelMeasurable(t)) {
            Button kernel = new Button(table.kernelRunning() ? "Cancel" : "Re-measure on this kernel");
            kernel.getStyleClass().add(table.kernelRunning() ? "numbers-kernel-cancel" : "numbers-remeasure-kernel");
            kernel.setOnAction(e -> {
                if (table.kernelRunning()) {
                    vm.cancelKernel(t);
                } else {
                    vm.remeasureKernel(t, scratch.get());
                }
            });
            box.getChildren().add(kernel);
        }
        table.kernel().ifPresent(k -> box.getChildren().add(Labels.wrapped(k, "numbers-kernel-line")));
        for (String c : t.caveats()) {
            box.getChildren().add(Labels.wrapped("⚠ " + c, "numbers-caveat"));
        }
        box.getStyleClass().add("numbers-table");
        return box;
    }

    private static Label label(String text, String style) {
        Label l = new Label(text);
        l.getStyleClass().add(style);
        l.setMinWidth(Region.USE_PREF_SIZE);
        return l;
    }

    private static String fmt(double v) {
        return v == Math.rint(v) && Math.abs(v) < 1e9 ? String.valueOf((long) v) : String.valueOf(v);
    }
}
