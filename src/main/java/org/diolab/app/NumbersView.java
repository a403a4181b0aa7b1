package org.diolab.app;

import java.util.Locale;
import javafx.geometry.Pos;
import javafx.scene.control.Label;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import org.diolab.lesson.Lesson;
import org.diolab.lesson.SeedNumbers;

/**
 * The seed threads' measurements: workload, machine, each case with its value and its ratio to the table's first row
 * (drawn as a bar), and the caveats. Tables from different machines only compare as ratios.
 */
public final class NumbersView extends VBox {
    public NumbersView(LessonViewModel vm) {
        super(16);
        getStyleClass().add("numbers-view");
        vm.lessonProperty().addListener((o, a, l) -> show(l));
    }

    private void show(Lesson l) {
        getChildren().clear();
        if (l.numbers().isEmpty()) {
            Label none = new Label("This lesson's thread has no measurements.");
            none.getStyleClass().add("placeholder");
            getChildren().add(none);
        }
        for (SeedNumbers t : l.numbers()) {
            getChildren().add(table(t));
        }
    }

    private static VBox table(SeedNumbers t) {
        Label title = Labels.wrapped(t.seed() + " · " + t.title(), "numbers-title");
        Label cmd = Labels.wrapped(t.command(), "numbers-command");
        Label hw = Labels.wrapped(t.hardware(), "numbers-hardware");
        GridPane grid = new GridPane();
        grid.getStyleClass().add("numbers-grid");
        grid.setHgap(8);
        grid.setVgap(4);
        double max = t.rows().stream().mapToDouble(SeedNumbers.Row::value).max().orElse(1);
        int r = 0;
        for (SeedNumbers.Row row : t.rows()) {
            Label name = Labels.wrapped(row.label() + (row.policy() == null ? "" : "  [" + row.policy() + "]"), "numbers-case");
            name.setMaxWidth(170);
            Region bar = new Region();
            bar.getStyleClass().add("numbers-bar");
            bar.setPrefWidth(Math.max(2, 90 * row.value() / max));
            bar.setMinWidth(Region.USE_PREF_SIZE);
            bar.setPrefHeight(10);
            bar.setMaxHeight(10);
            Label value = new Label(String.format(Locale.ROOT, "%s %s", fmt(row.value()), t.unit()));
            value.getStyleClass().add("numbers-value");
            value.setMinWidth(Region.USE_PREF_SIZE);
            Label ratio = new Label(String.format(Locale.ROOT, "×%.2f", t.ratio(row)));
            ratio.getStyleClass().add("numbers-ratio");
            Label model = new Label();
            model.getStyleClass().add("numbers-model");
            ModelRatios.ratio(t, row).ifPresent(m -> model.setText(String.format(Locale.ROOT, "model ×%.2f", m)));
            HBox barBox = new HBox(bar);
            barBox.setAlignment(Pos.CENTER_LEFT);
            barBox.setMinWidth(92);
            grid.addRow(r++, name, barBox, model.getText().isEmpty() ? new VBox(value, ratio)
                    : new VBox(value, ratio, model));
            if (!row.note().isEmpty()) {
                Label note = Labels.wrapped(row.note(), "numbers-note");
                grid.add(note, 0, r++, 3, 1);
            }
        }
        VBox box = new VBox(6, title, cmd, hw, grid);
        ModelRatios.machine(t).ifPresent(m -> box.getChildren().add(Labels.wrapped("Model: " + m.source() + ", CRC32C "
                + ("sw".equals(t.crc()) ? "in software" : "with the CPU's instructions")
                + ". Ratios are to the first row.", "numbers-hardware")));
        for (String c : t.caveats()) {
            box.getChildren().add(Labels.wrapped("⚠ " + c, "numbers-caveat"));
        }
        box.getStyleClass().add("numbers-table");
        return box;
    }

    private static String fmt(double v) {
        return v == Math.rint(v) && Math.abs(v) < 1e9 ? String.valueOf((long) v) : String.valueOf(v);
    }

}
