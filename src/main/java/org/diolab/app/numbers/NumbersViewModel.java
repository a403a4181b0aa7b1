package org.diolab.app.numbers;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
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
import org.diolab.live.job.CancelToken;
import org.diolab.live.kernel.seed.SeedTablesReport;
import org.diolab.perf.CalibratedCosts;
import org.diolab.perf.MachineCosts;

/**
 * The Numbers tab: each seed table of the lesson in columns of ratios to its first row — the seed's, the perf model's
 * for the seed's machine (and, when {@code dio-lab calibrate} has saved this machine's costs, for this machine),
 * this machine's measured in user space by the live engine ("Re-measure on this machine", {@link #remeasure}), and
 * this kernel's, the seed's own workload run by the kernel lab ("Re-measure on this kernel", {@link
 * #remeasureKernel}). Says
 * when there is no calibration, or one from another kernel or host, and how a measurement was scaled.
 */
public final class NumbersViewModel {
    /**
     * A table's row as shown: the seed's value and ratio, the model's ratio there and on this machine, and the ratio
     * measured here in user space (once re-measured).
     */
    public record Row(
            SeedNumbers.Row row,
            double seedRatio,
            OptionalDouble modelRatio,
            OptionalDouble thisMachine,
            OptionalDouble measured,
            OptionalDouble thisKernel,
            Optional<String> notOnThisKernel) {}

    /**
     * A table as shown, with a line on where "this machine" comes from (or why it is missing), one on the
     * user-space measurement and one on this kernel's (how it was scaled, how far it got, or why it failed; empty
     * before any), and whether this kernel's run is going on now (so it can be cancelled).
     */
    public record Table(
            SeedNumbers numbers,
            List<Row> rows,
            Optional<String> model,
            String thisMachine,
            Optional<String> measured,
            Optional<String> kernel,
            boolean kernelRunning) {}

    private static final Pattern READS = Pattern.compile("rw=(rand)?read|\\bread\\b", Pattern.CASE_INSENSITIVE);
    private final ReadOnlyObjectWrapper<CalibrationStatus> calibration = new ReadOnlyObjectWrapper<>();
    private final ReadOnlyObjectWrapper<List<Table>> tables = new ReadOnlyObjectWrapper<>(List.of());
    private final Map<SeedNumbers, UserSpaceMeasure.Measured> measured = new IdentityHashMap<>();
    private final Map<SeedNumbers, String> measuring = new IdentityHashMap<>();
    private final Map<SeedNumbers, SeedTablesReport> kernel = new IdentityHashMap<>();
    private final Map<SeedNumbers, String> kernelLine = new IdentityHashMap<>();
    private final Map<SeedNumbers, CancelToken> kernelRuns = new IdentityHashMap<>();
    private final BackgroundWork work;
    private final UserSpaceMeasure measure;
    private final KernelMeasure kernelMeasure;
    private Lesson lesson;

    /** Reads the calibration with {@code reader} in the background, and follows the lesson on show. */
    public NumbersViewModel(LessonViewModel lessons, BackgroundWork work, Supplier<CalibrationStatus> reader) {
        this(lessons, work, reader, UserSpaceMeasure.live(), KernelMeasure.live());
    }

    /** As above, measuring with {@code measure}. */
    public NumbersViewModel(
            LessonViewModel lessons,
            BackgroundWork work,
            Supplier<CalibrationStatus> reader,
            UserSpaceMeasure measure) {
        this(lessons, work, reader, measure, KernelMeasure.live());
    }

    /** As above, measuring this kernel with {@code kernelMeasure}. */
    public NumbersViewModel(
            LessonViewModel lessons,
            BackgroundWork work,
            Supplier<CalibrationStatus> reader,
            UserSpaceMeasure measure,
            KernelMeasure kernelMeasure) {
        this.work = work;
        this.measure = measure;
        this.kernelMeasure = kernelMeasure;
        lessons.lessonProperty().addListener((o, a, l) -> show(l));
        show(lessons.lessonProperty().get()); // made once the Numbers tab opens: the lesson is on show already
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

    /** True when {@code t}'s first row (the baseline) has a live job, so the table can be re-measured here. */
    public static boolean measurable(SeedNumbers t) {
        SeedNumbers.Row first = t.rows().getFirst();
        return org.diolab.live.job.SeedWorkload.of(
                        "seed", t.command(), first.model(), UserSpaceMeasure.SIZE, UserSpaceMeasure.RUNTIME)
                .isPresent();
    }

    /**
     * Runs {@code t}'s rows as live jobs in user space in scratch directory {@code dir}, in the background; the
     * table's "measured" column and line follow (progress, then the ratios, or the one-line failure).
     */
    public void remeasure(SeedNumbers t, Path dir) {
        if (dir == null || !Files.isDirectory(dir)) {
            measuring.put(t, "Choose a scratch directory on the Live tab first (" + dir + " is not a directory).");
            show(lesson);
            return;
        }
        measured.remove(t);
        measuring.put(t, "Measuring on " + dir + "…");
        show(lesson);
        work.submit(BackgroundTask.of("re-measure " + t.seed(), ctx -> measure.measure(t, dir, ctx))
                .onProgress((f, m) -> {
                    measuring.put(t, String.format(Locale.ROOT, "Measuring (%.0f%%): %s", 100 * f, m));
                    show(lesson);
                })
                .onSuccess(m -> {
                    measuring.remove(t);
                    measured.put(t, m);
                    show(lesson);
                })
                .onFailure(e -> {
                    measuring.put(t, "Not measured: " + e.getMessage());
                    show(lesson);
                })
                .onCancelled(() -> {
                    measuring.put(t, "Measurement cancelled.");
                    show(lesson);
                }));
    }

    /** True when the kernel lab re-measures {@code t} ("Re-measure on this kernel"). */
    public static boolean kernelMeasurable(SeedNumbers t) {
        return KernelMeasure.covers(t);
    }

    /**
     * Runs the kernel lab's seed-tables for {@code t}'s seed in scratch directory {@code dir}, in the background: the
     * table's "this kernel" column and line follow (progress, then the ratios, or the one-line refusal: not root, no
     * loop devices, ...). {@link #cancelKernel} stops it; the lab tears down what it built either way.
     */
    public void remeasureKernel(SeedNumbers t, Path dir) {
        if (kernelRuns.containsKey(t)) {
            return;
        }
        if (dir == null || !Files.isDirectory(dir)) {
            kernelLine.put(t, "Choose a scratch directory on the Live tab first (" + dir + " is not a directory).");
            show(lesson);
            return;
        }
        kernel.remove(t);
        CancelToken token = new CancelToken();
        kernelRuns.put(t, token);
        kernelLine.put(t, "This kernel: building the lab's volumes in " + dir + "…");
        show(lesson);
        work.submit(BackgroundTask.of(
                        "re-measure " + t.seed() + " on this kernel",
                        ctx -> kernelMeasure.measure(
                                t,
                                dir,
                                (step, f) -> {
                                    if (ctx.cancelled()) {
                                        token.cancel();
                                    }
                                    ctx.progress(f, step);
                                },
                                token))
                .onProgress((f, m) -> {
                    kernelLine.put(t, String.format(Locale.ROOT, "This kernel (%.0f%%): %s", 100 * f, m));
                    show(lesson);
                })
                .onSuccess(r -> {
                    kernelRuns.remove(t);
                    kernel.put(t, r);
                    kernelLine.put(t, KernelMeasure.line(r));
                    show(lesson);
                })
                .onFailure(e -> {
                    kernelRuns.remove(t);
                    kernelLine.put(t, "This kernel: not measured: " + e.getMessage());
                    show(lesson);
                })
                .onCancelled(() -> {
                    kernelRuns.remove(t);
                    kernelLine.put(
                            t, "This kernel: cancelled; the lab's mounts, loop devices and images were" + " removed.");
                    show(lesson);
                }));
    }

    /** Stops {@code t}'s run on this kernel, if one is going on. */
    public void cancelKernel(SeedNumbers t) {
        CancelToken token = kernelRuns.get(t);
        if (token != null) {
            token.cancel();
        }
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
        UserSpaceMeasure.Measured m = measured.get(t);
        SeedTablesReport k = kernel.get(t);
        List<Row> rows = new ArrayList<>();
        for (int i = 0; i < t.rows().size(); i++) {
            SeedNumbers.Row r = t.rows().get(i);
            rows.add(new Row(
                    r,
                    t.ratio(r),
                    seedMachine.map(s -> ModelRatios.ratio(t, r, s, seedHw)).orElse(OptionalDouble.empty()),
                    here.map(h -> ModelRatios.ratio(t, r, h, hereHw)).orElse(OptionalDouble.empty()),
                    m == null ? OptionalDouble.empty() : m.ratio(i),
                    k == null ? OptionalDouble.empty() : KernelMeasure.ratio(k, t, r),
                    k == null ? Optional.empty() : KernelMeasure.absent(k, t, r)));
        }
        Optional<String> model = seedMachine.map(s -> "Model: " + s.source() + ", CRC32C "
                + (seedHw ? "with the CPU's instructions" : "in software") + ". Ratios are to the first row.");
        Optional<String> line = Optional.ofNullable(measuring.get(t))
                .or(() -> Optional.ofNullable(m).map(UserSpaceMeasure.Measured::scaling));
        return new Table(
                t,
                List.copyOf(rows),
                model,
                thisMachineLine(t, here),
                line,
                Optional.ofNullable(kernelLine.get(t)),
                kernelRuns.containsKey(t));
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
