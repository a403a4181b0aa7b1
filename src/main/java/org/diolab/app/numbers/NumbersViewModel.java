package org.diolab.app.numbers;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.function.Supplier;
import java.util.regex.Pattern;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import org.diolab.app.lesson.LessonViewModel;
import org.diolab.app.work.BackgroundTask;
import org.diolab.app.work.BackgroundWork;
import org.diolab.lesson.Lesson;
import org.diolab.lesson.SeedNumbers;
import org.diolab.live.calib.Calibration;
import org.diolab.live.calib.CalibrationStatus;
import org.diolab.perf.CalibratedCosts;
import org.diolab.perf.MachineCosts;

/**
 * The Numbers tab: each seed table of the lesson with its ratios, the perf model's ratios for the seed's machine, and
 * — when {@code dio-lab calibrate} has saved this machine's costs — the model's ratios for this machine. Says when
 * there is no calibration, or one from another kernel or host.
 */
public final class NumbersViewModel {
    /** A table's row as shown: the seed's value and ratio, the model's ratio there and on this machine. */
    public record Row(SeedNumbers.Row row, double seedRatio, OptionalDouble modelRatio, OptionalDouble thisMachine) {}

    /** A table as shown, with a line on where "this machine" comes from (or why it is missing). */
    public record Table(SeedNumbers numbers, List<Row> rows, Optional<String> model, String thisMachine) {}

    private static final Pattern READS = Pattern.compile("rw=(rand)?read|\\bread\\b", Pattern.CASE_INSENSITIVE);
    private final ReadOnlyObjectWrapper<CalibrationStatus> calibration = new ReadOnlyObjectWrapper<>();
    private final ReadOnlyObjectWrapper<List<Table>> tables = new ReadOnlyObjectWrapper<>(List.of());
    private Lesson lesson;

    /** Reads the calibration with {@code reader} in the background, and follows the lesson on show. */
    public NumbersViewModel(LessonViewModel lessons, BackgroundWork work, Supplier<CalibrationStatus> reader) {
        lessons.lessonProperty().addListener((o, a, l) -> show(l));
        work.submit(
                BackgroundTask.of("read the calibration", ctx -> reader.get()).onSuccess(c -> {
                    calibration.set(c);
                    show(lesson);
                }));
    }

    public ReadOnlyObjectProperty<List<Table>> tablesProperty() {
        return tables.getReadOnlyProperty();
    }

    public ReadOnlyObjectProperty<CalibrationStatus> calibrationProperty() {
        return calibration.getReadOnlyProperty();
    }

    private void show(Lesson l) {
        lesson = l;
        if (l == null) {
            tables.set(List.of());
            return;
        }
        tables.set(l.numbers().stream().map(this::table).toList());
    }

    private Table table(SeedNumbers t) {
        Optional<MachineCosts> seedMachine = ModelRatios.machine(t);
        Optional<MachineCosts> here = thisMachine(t);
        boolean seedHw = !"sw".equals(t.crc());
        boolean hereHw = calibrated().map(c -> c.machine().crcAccelerated()).orElse(true);
        List<Row> rows = new ArrayList<>();
        for (SeedNumbers.Row r : t.rows()) {
            rows.add(new Row(
                    r,
                    t.ratio(r),
                    seedMachine.map(m -> ModelRatios.ratio(t, r, m, seedHw)).orElse(OptionalDouble.empty()),
                    here.map(m -> ModelRatios.ratio(t, r, m, hereHw)).orElse(OptionalDouble.empty())));
        }
        Optional<String> model = seedMachine.map(m -> "Model: " + m.source() + ", CRC32C "
                + (seedHw ? "with the CPU's instructions" : "in software") + ". Ratios are to the first row.");
        return new Table(t, List.copyOf(rows), model, thisMachineLine(t, here));
    }

    private Optional<Calibration> calibrated() {
        return calibration.get() instanceof CalibrationStatus.Found f ? Optional.of(f.calibration()) : Optional.empty();
    }

    private Optional<MachineCosts> thisMachine(SeedNumbers t) {
        return calibrated()
                .map(c -> CalibratedCosts.of(c, READS.matcher(t.command()).find()));
    }

    private String thisMachineLine(SeedNumbers t, Optional<MachineCosts> here) {
        boolean modelled = t.rows().stream().anyMatch(r -> r.model() != null);
        return switch (calibration.get()) {
            case null -> "This machine: reading its calibration…";
            case CalibrationStatus.Missing m ->
                "This machine: not calibrated yet. Run `dio-lab calibrate --dir DIR`"
                        + " (DIR on the disk to measure) to see the model's ratios for it here.";
            case CalibrationStatus.Unreadable u ->
                "This machine: " + u.file() + " does not read (" + u.reason()
                        + "). Run `dio-lab calibrate --dir DIR` again.";
            case CalibrationStatus.Found f ->
                !modelled
                        ? "This machine: calibrated, but this table has no model rows."
                        : "This machine: model with "
                                + here.map(MachineCosts::source).orElse("?") + "."
                                + (f.doubts().isEmpty()
                                        ? ""
                                        : String.format(
                                                Locale.ROOT,
                                                " ⚠ %s — calibrate again.",
                                                String.join("; ", f.doubts())));
        };
    }
}
