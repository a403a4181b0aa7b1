package org.diolab.app;

import java.io.File;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;
import javafx.scene.chart.LineChart;
import javafx.scene.chart.NumberAxis;
import javafx.scene.chart.XYChart;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.ProgressBar;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.control.TextField;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import javafx.stage.DirectoryChooser;
import org.diolab.lesson.LiveExperiment;

/**
 * The Live tab: the lesson's experiment run for real with O_DIRECT on a scratch directory the user picks — progress,
 * cancel, a bandwidth chart per job, and a table of what each job measured and which races it caught.
 */
public final class LiveView extends VBox {
    private final LiveViewModel vm;
    private final Label description = Labels.wrapped("", "live-description");
    private final VBox jobs = new VBox(2);
    private final TableView<LiveRow> table = new TableView<>();
    private final LineChart<Number, Number> chart = new LineChart<>(new NumberAxis(), new NumberAxis());
    private final javafx.scene.chart.BarChart<Number, String> bars =
            new javafx.scene.chart.BarChart<>(new NumberAxis(), new javafx.scene.chart.CategoryAxis());

    public LiveView(LiveViewModel vm, LessonViewModel lessons) {
        super(10);
        this.vm = vm;
        getStyleClass().add("live-view");
        setId("live-view");

        TextField dir = new TextField();
        dir.setId("live-dir");
        dir.setPromptText("scratch directory on the disk to measure (DIO Lab creates .dio-lab-* files there only)");
        dir.setEditable(false);
        HBox.setHgrow(dir, Priority.ALWAYS);
        vm.dirProperty().addListener((o, a, p) -> dir.setText(p == null ? "" : p.toString()));
        Button choose = new Button("Choose…");
        choose.setOnAction(e -> {
            DirectoryChooser c = new DirectoryChooser();
            c.setTitle("Scratch directory for live runs");
            File f = c.showDialog(getScene().getWindow());
            if (f != null) {
                vm.dirProperty().set(f.toPath());
            }
        });
        Button run = new Button("Run the experiment");
        run.setId("live-run");
        run.disableProperty().bind(vm.runningProperty());
        run.setOnAction(e -> vm.run());
        Button cancel = new Button("Cancel");
        cancel.setId("live-cancel");
        cancel.visibleProperty().bind(vm.runningProperty());
        cancel.setOnAction(e -> vm.cancel());
        ProgressBar progress = new ProgressBar();
        progress.setId("live-progress");
        progress.progressProperty().bind(vm.progressProperty());
        progress.setMaxWidth(Double.MAX_VALUE);
        HBox.setHgrow(progress, Priority.ALWAYS);
        Label status = Labels.wrapped("", "live-status");
        status.setId("live-status");
        status.textProperty().bind(vm.statusProperty());

        table.setId("live-results");
        table.setColumnResizePolicy(TableView.CONSTRAINED_RESIZE_POLICY_FLEX_LAST_COLUMN);
        table.setPrefHeight(235);
        table.setPlaceholder(new Label("Run the experiment to see this machine's numbers."));
        table.getColumns().addAll(List.of(
                column("job", LiveRow::job), column("mode", LiveRow::mode), column("bs", LiveRow::blockSize),
                column("MiB/s", r -> fmt("%.1f", r.mibPerSec())), column("× first", r -> fmt("%.2f", r.ratio())),
                column("IOPS", r -> fmt("%.0f", r.iops())), column("p99 µs", r -> fmt("%.0f", r.p99Micros())),
                column("mirrors ≠", r -> Long.toString(r.mirrorBlocksDiffering())),
                column("csum ✗", r -> Long.toString(r.checksumMismatches())),
                column("EAGAIN", r -> Long.toString(r.eagains()))));
        table.getColumns().getFirst().setPrefWidth(230);
        vm.rowsProperty().addListener((o, a, rows) -> {
            table.getItems().setAll(rows);
            showBars(rows);
        });
        bars.setId("live-bars");
        bars.setTitle("MiB/s per job on this machine");
        bars.setAnimated(false);
        bars.setLegendVisible(false);
        bars.setPrefHeight(60 + 45.0 * 4);
        bars.setCategoryGap(12);

        chart.setId("live-chart");
        chart.setTitle("Bandwidth per interval (MiB/s)");
        chart.setCreateSymbols(false);
        chart.setAnimated(false);
        chart.setPrefHeight(230);
        ((NumberAxis) chart.getXAxis()).setLabel("seconds into the job");
        vm.samplesProperty().addListener((o, a, pts) -> showSamples(pts));

        lessons.lessonProperty().addListener((o, a, l) -> showJobs(vm.experiment()));
        chart.managedProperty().bind(chart.visibleProperty());
        chart.setVisible(false);
        getChildren().addAll(description, jobs, new HBox(8, dir, choose), new HBox(8, run, cancel, progress),
                status, table, bars, chart);
    }

    private void showJobs(LiveExperiment x) {
        jobs.getChildren().clear();
        if (x == null) {
            description.setText("This lesson has no live experiment.");
            return;
        }
        description.setText(x.description());
        for (LiveExperiment.LiveJob j : x.jobs()) {
            Label l = Labels.wrapped("• " + j.name() + ":  dio-lab bench --dir DIR " + String.join(" ", j.args()),
                    "live-job");
            jobs.getChildren().add(l);
        }
    }

    private void showBars(List<LiveRow> rows) {
        bars.getData().clear();
        XYChart.Series<Number, String> s = new XYChart.Series<>();
        for (LiveRow r : rows.reversed()) { // a horizontal bar chart draws its first category at the bottom
            s.getData().add(new XYChart.Data<>(r.mibPerSec(), r.job()));
        }
        bars.getData().add(s);
    }

    /** Per-interval bandwidth, worth a chart only when the jobs ran long enough for several samples each. */
    private void showSamples(List<LiveViewModel.Point> pts) {
        chart.getData().clear();
        chart.setVisible(pts.stream().collect(java.util.stream.Collectors.groupingBy(LiveViewModel.Point::job,
                java.util.stream.Collectors.counting())).values().stream().anyMatch(n -> n >= 3));
        java.util.Map<String, XYChart.Series<Number, Number>> byJob = new java.util.LinkedHashMap<>();
        for (LiveViewModel.Point p : pts) {
            XYChart.Series<Number, Number> s = byJob.computeIfAbsent(p.job(), k -> {
                XYChart.Series<Number, Number> n = new XYChart.Series<>();
                n.setName(k);
                return n;
            });
            s.getData().add(new XYChart.Data<>(p.seconds(), p.mibPerSec()));
        }
        chart.getData().addAll(byJob.values());
    }

    private static TableColumn<LiveRow, String> column(String name, Function<LiveRow, String> value) {
        TableColumn<LiveRow, String> c = new TableColumn<>(name);
        c.setCellValueFactory(d -> new javafx.beans.property.SimpleStringProperty(value.apply(d.getValue())));
        return c;
    }

    private static String fmt(String f, double v) {
        return String.format(Locale.ROOT, f, v);
    }


    /** For tests and scripted demos: use {@code dir} as the scratch directory. */
    public void useDirectory(Path dir) {
        vm.dirProperty().set(dir);
    }
}
