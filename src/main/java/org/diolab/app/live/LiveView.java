package org.diolab.app.live;

import java.io.File;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import javafx.beans.property.SimpleStringProperty;
import javafx.css.PseudoClass;
import javafx.scene.chart.BarChart;
import javafx.scene.chart.CategoryAxis;
import javafx.scene.chart.LineChart;
import javafx.scene.chart.NumberAxis;
import javafx.scene.chart.XYChart;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.ProgressBar;
import javafx.scene.control.TableCell;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.control.TextField;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;
import javafx.stage.DirectoryChooser;
import org.diolab.app.lesson.LessonViewModel;
import org.diolab.app.ui.Labels;
import org.diolab.lesson.LiveExperiment;

/**
 * The Live tab: the lesson's experiment run for real with O_DIRECT on a scratch directory the user picks — progress,
 * cancel, a table of what each job measured over its repeated runs (median and spread, ratio to the lesson's
 * baseline job, races caught, and whether the result agrees with the lesson), notes for the results that do not,
 * a bar chart of the medians and a bandwidth chart.
 */
public final class LiveView extends VBox {
    private static final PseudoClass CONTRADICTS = PseudoClass.getPseudoClass("contradicts");
    private static final PseudoClass NOISE = PseudoClass.getPseudoClass("noise");

    private final LiveViewModel vm;
    private final Label description = Labels.wrapped("", "live-description");
    private final VBox jobLines = new VBox(2);
    private final javafx.scene.control.TitledPane jobs = new javafx.scene.control.TitledPane("jobs", jobLines);
    private final VBox notes = new VBox(4);
    private final TableView<LiveRow> table = new TableView<>();
    private final LineChart<Number, Number> chart = new LineChart<>(new NumberAxis(), new NumberAxis());
    private final BarChart<Number, String> bars = new BarChart<>(new NumberAxis(), new CategoryAxis());
    private final Label chartPlaceholder = Labels.wrapped("", "live-chart-placeholder");

    public LiveView(LiveViewModel vm, LessonViewModel lessons) {
        super(10);
        this.vm = vm;
        getStyleClass().add("live-view");
        setId("live-view");

        TextField dir = directoryField();
        Button choose = new Button("Choose…");
        choose.setOnAction(e -> {
            DirectoryChooser c = new DirectoryChooser();
            c.setTitle("Scratch directory for live runs");
            File f = c.showDialog(getScene().getWindow());
            if (f != null) {
                vm.chooseDirectory(f.toPath());
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

        buildTable();
        notes.setId("live-notes");
        vm.rowsProperty().addListener((o, a, rows) -> showRows(rows));
        vm.notesProperty().addListener((o, a, n) -> showNotes(n));
        bars.setId("live-bars");
        bars.setTitle("Median MiB/s per job on this machine (the table has the spread)");
        bars.setAnimated(false);
        NumberAxis mibps = (NumberAxis) bars.getXAxis();
        mibps.setLabel("median bandwidth (MiB/s)");
        mibps.setMinorTickVisible(false);
        mibps.setTickLabelFormatter(LiveAxes.COMPACT);
        bars.setLegendVisible(false);
        bars.setPrefHeight(60 + 45.0 * 4);
        bars.setCategoryGap(12);
        bars.managedProperty().bind(bars.visibleProperty());
        bars.setVisible(false);

        chart.setId("live-chart");
        chart.setTitle("Bandwidth per interval, last run of each job (MiB/s)");
        chart.setCreateSymbols(false);
        chart.setAnimated(false);
        chart.setPrefHeight(300); // room for the legend under the axis
        chart.setMinHeight(260);
        chart.setLegendVisible(true); // which line is which job
        chart.setLegendSide(javafx.geometry.Side.BOTTOM);
        ((NumberAxis) chart.getXAxis()).setLabel("time into the job (s)");
        ((NumberAxis) chart.getYAxis()).setLabel("bandwidth (MiB/s)");
        ((NumberAxis) chart.getYAxis()).setTickLabelFormatter(LiveAxes.COMPACT);
        chartPlaceholder.setId("live-chart-placeholder");
        chartPlaceholder.setMouseTransparent(true);
        vm.samplesProperty().addListener((o, a, pts) -> showSamples(pts));

        jobs.setId("live-jobs");
        jobs.setMinWidth(0); // a long title must not widen the tab beyond its viewport
        table.setMinWidth(0);
        jobs.setExpanded(false); // the table matters more on a small screen; one click shows the commands
        jobs.setAnimated(false);
        vm.experimentProperty().addListener((o, a, x) -> showJobs(x));
        showJobs(vm.experiment());
        javafx.scene.layout.StackPane chartBox = new javafx.scene.layout.StackPane(chart, chartPlaceholder);
        chartBox.setId("live-chart-box");
        showSamples(vm.samplesProperty().get());
        // Made when the Live tab is first opened: what the model holds by then is drawn now.
        showRows(vm.rowsProperty().get());
        showNotes(vm.notesProperty().get());
        getChildren()
                .addAll(
                        description,
                        jobs,
                        new HBox(8, dir, choose),
                        new HBox(8, run, cancel, progress),
                        status,
                        table,
                        notes,
                        bars,
                        chartBox);
    }

    /** The scratch directory: type a path and press Enter (or leave the field), or use Choose…. */
    private TextField directoryField() {
        TextField dir = new TextField();
        dir.setId("live-dir");
        dir.setPromptText("scratch directory: a path, then Enter");
        dir.setTooltip(wrapTip("The scratch directory on the disk to measure: type a path and press Enter, or use"
                + " Choose…. DIO Lab creates .dio-lab-* files there only, and removes them after the run."));
        HBox.setHgrow(dir, Priority.ALWAYS);
        vm.dirProperty().addListener((o, a, p) -> dir.setText(p == null ? "" : p.toString()));
        dir.setText(vm.dirProperty().get() == null ? "" : vm.dirProperty().get().toString());
        Runnable commit = () -> {
            String text = dir.getText().strip();
            Path current = vm.dirProperty().get();
            if (text.isEmpty() || (current != null && current.toString().equals(text))) {
                return;
            }
            try {
                vm.chooseDirectory(Path.of(text));
            } catch (InvalidPathException e) {
                vm.chooseDirectory(null);
            }
        };
        dir.setOnAction(e -> commit.run());
        dir.focusedProperty().addListener((o, was, is) -> {
            if (!is) {
                commit.run();
            }
        });
        return dir;
    }

    private void buildTable() {
        table.setId("live-results");
        table.setColumnResizePolicy(TableView.CONSTRAINED_RESIZE_POLICY_FLEX_LAST_COLUMN);
        table.setPrefHeight(300);
        table.setPlaceholder(new Label("Run the experiment to see this machine's numbers."));
        TableColumn<LiveRow, String> check = column(
                "agrees with\nlesson?",
                "Whether the result shows what the"
                        + " lesson expects of this job; hover for the details, and see the notes below the table.",
                r -> r.verdict().kind().label(),
                112);
        check.setCellFactory(c -> new WrappingCell() {
            @Override
            protected void updateItem(String s, boolean empty) {
                super.updateItem(s, empty);
                LiveRow r =
                        empty || getTableRow() == null ? null : getTableRow().getItem();
                setTooltip(
                        r == null || r.verdict().detail().isEmpty()
                                ? null
                                : wrapTip(r.verdict().detail()));
                pseudoClassStateChanged(CONTRADICTS, r != null && r.verdict().kind() == LiveVerdict.Kind.CONTRADICTS);
                pseudoClassStateChanged(NOISE, r != null && r.verdict().kind() == LiveVerdict.Kind.WITHIN_NOISE);
            }
        });
        table.getColumns()
                .addAll(List.of(
                        column(
                                "job\nmode · bs",
                                "The lesson's name for the job (★: the baseline the ratios"
                                        + " divide by), then its mode — direct: O_DIRECT from the user's buffer (zero copy); bounce:"
                                        + " copied to a private buffer first; buffered: through the page cache; dontcache:"
                                        + " RWF_DONTCACHE — and bytes per I/O. The bench commands are listed above.",
                                r -> r.job() + (r.baseline() ? " ★" : "") + "\n" + r.mode() + " · " + r.blockSize(),
                                145),
                        column(
                                "MiB/s\n(min–max)",
                                "Bandwidth in MiB per second, reads plus writes: the median of the"
                                        + " repeated runs, then the slowest and fastest run (how far to trust the median).",
                                r -> fmt("%.0f%n(%.0f–%.0f)", r.medianMiBps(), r.minMiBps(), r.maxMiBps()),
                                100),
                        column(
                                "×\nbaseline",
                                "Median bandwidth divided by the median of the lesson's baseline job (★).",
                                r -> fmt("%.2f", r.ratio()),
                                82),
                        column(
                                "IOPS\np99 µs",
                                "I/O operations per second, and the 99th percentile latency of one I/O in"
                                        + " microseconds; medians over the runs.",
                                r -> fmt("%.0f%n%.0f µs", r.iops(), r.p99Micros()),
                                70),
                        column(
                                "races caught",
                                "Runs whose checks caught a broken invariant, of all runs; then the most"
                                        + " mirror blocks that differed, checksum or data mismatches, and RWF_NOWAIT EAGAINs in one"
                                        + " run.",
                                LiveView::races,
                                100),
                        check));
    }

    private static String races(LiveRow r) {
        List<String> parts = new java.util.ArrayList<>();
        if (!r.races().isEmpty()) {
            parts.add(r.races() + " runs");
        }
        if (r.mirrorBlocksDiffering() > 0) {
            parts.add(r.mirrorBlocksDiffering() + " mirror blocks ≠");
        }
        if (r.checksumMismatches() > 0) {
            parts.add(r.checksumMismatches() + " checksum/data ✗");
        }
        if (r.eagains() > 0) {
            parts.add(r.eagains() + " EAGAIN");
        }
        return parts.isEmpty() ? "—" : String.join(", ", parts);
    }

    /** A table cell whose text wraps to the column's width, so nothing is cut to "…". */
    private static class WrappingCell extends TableCell<LiveRow, String> {
        private final javafx.scene.text.Text text = new javafx.scene.text.Text();

        WrappingCell() {
            text.wrappingWidthProperty().bind(widthProperty().subtract(10));
            text.getStyleClass().add("text");
            setGraphic(text);
            setContentDisplay(javafx.scene.control.ContentDisplay.GRAPHIC_ONLY);
            setPrefHeight(javafx.scene.layout.Region.USE_COMPUTED_SIZE);
        }

        @Override
        protected void updateItem(String s, boolean empty) {
            super.updateItem(s, empty);
            text.setText(empty || s == null ? "" : s);
        }
    }

    private void showRows(List<LiveRow> rows) {
        table.getItems().setAll(rows);
        table.setPrefHeight(Math.min(480, 52 + 58.0 * Math.max(2, rows.size())));
        showBars(rows);
    }

    private void showJobs(LiveExperiment x) {
        jobLines.getChildren().clear();
        jobs.setVisible(x != null);
        jobs.managedProperty().bind(jobs.visibleProperty());
        if (x == null) {
            description.setText("This lesson has no live experiment.");
            return;
        }
        description.setText(x.description());
        for (LiveExperiment.LiveJob j : x.jobs()) {
            Label l = Labels.wrapped(
                    "• " + j.name() + ":  dio-lab bench --dir DIR " + String.join(" ", j.args())
                            + (j.expect() == null ? "" : "   (expected: " + expectation(j.expect()) + ")"),
                    "live-job");
            jobLines.getChildren().add(l);
        }
        LiveExperiment.LiveJob base = x.baselineJob();
        jobs.setText(x.jobs().size() + " jobs: commands and expectations");
        jobLines.getChildren()
                .add(Labels.wrapped(
                        "Each job runs " + x.repeats() + (x.repeats() == 1 ? " time" : " times")
                                + "; bandwidths are compared with '" + (base == null ? "—" : base.name()) + "' (★).",
                        "live-job"));
    }

    private static String expectation(LiveExperiment.Expectation e) {
        StringBuilder sb = new StringBuilder();
        if (e.races() != null) {
            sb.append(e.races() == LiveExperiment.Races.SOME ? "broken invariants" : "no broken invariant");
        }
        if (e.bandwidth() != null) {
            sb.append(sb.isEmpty() ? "" : ", ")
                    .append(e.bandwidth().yamlName())
                    .append(" bandwidth than ")
                    .append(e.than() == null ? "the baseline" : "'" + e.than() + "'");
        }
        return sb.append(" — ").append(e.because()).toString();
    }

    private void showNotes(List<String> n) {
        notes.getChildren()
                .setAll(n.stream()
                        .map(t -> {
                            Label l = Labels.wrapped(t, "live-note");
                            l.pseudoClassStateChanged(CONTRADICTS, t.startsWith(LiveVerdict.Kind.CONTRADICTS.label()));
                            return l;
                        })
                        .toList());
    }

    private void showBars(List<LiveRow> rows) {
        bars.getData().clear();
        bars.setVisible(!rows.isEmpty());
        XYChart.Series<Number, String> s = new XYChart.Series<>();
        for (LiveRow r : rows.reversed()) { // a horizontal bar chart draws its first category at the bottom
            s.getData().add(new XYChart.Data<>(r.medianMiBps(), r.job()));
        }
        bars.getData().add(s);
        LiveAxes.niceRange(
                (NumberAxis) bars.getXAxis(),
                rows.stream().mapToDouble(LiveRow::medianMiBps).max().orElse(0));
    }

    /**
     * Per-interval bandwidth, worth a line only when the jobs ran long enough for several samples each; until then the
     * chart's frame stays, saying what will be drawn in it and when.
     */
    private void showSamples(List<LiveViewModel.Point> pts) {
        chart.getData().clear();
        boolean enough = pts.stream()
                .collect(Collectors.groupingBy(LiveViewModel.Point::job, Collectors.counting()))
                .values()
                .stream()
                .anyMatch(n -> n >= 3);
        chartPlaceholder.setText(
                pts.isEmpty()
                        ? "No samples yet: run the experiment, and each job's bandwidth per interval is drawn here."
                        : "Too few samples to draw: each job ran for fewer than 3 intervals (a longer runtime gives"
                                + " more).");
        chartPlaceholder.setVisible(!enough);
        if (!enough) {
            return;
        }
        Map<String, XYChart.Series<Number, Number>> byJob = new LinkedHashMap<>();
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

    /**
     * A column whose header is a label that wraps (never cut to "…") with a tooltip giving the units and meaning,
     * and whose cells wrap too.
     */
    private static TableColumn<LiveRow, String> column(
            String name, String tip, Function<LiveRow, String> value, double width) {
        TableColumn<LiveRow, String> c = new TableColumn<>();
        Label header = new Label(name);
        header.setTooltip(wrapTip(tip));
        header.setWrapText(true);
        header.setTextAlignment(javafx.scene.text.TextAlignment.CENTER);
        header.getStyleClass().add("live-header");
        c.setGraphic(header);
        c.setId("live-col-" + name.replaceAll("[^A-Za-z0-9]+", "-").replaceAll("^-|-$", ""));
        c.setPrefWidth(width);
        c.setMinWidth(Math.min(width, 60));
        c.setCellValueFactory(d -> new SimpleStringProperty(value.apply(d.getValue())));
        c.setCellFactory(col -> new WrappingCell());
        return c;
    }

    private static Tooltip wrapTip(String text) {
        Tooltip t = new Tooltip(text);
        t.setWrapText(true);
        t.setMaxWidth(420);
        return t;
    }

    private static String fmt(String f, Object... v) {
        return String.format(Locale.ROOT, f, v);
    }

    /** The scratch directory in use, or null. */
    public Path chosenDirectory() {
        return vm.dirProperty().get();
    }

    /** For tests and scripted demos: use {@code dir} as the scratch directory. */
    public void useDirectory(Path dir) {
        vm.chooseDirectory(dir);
    }
}
