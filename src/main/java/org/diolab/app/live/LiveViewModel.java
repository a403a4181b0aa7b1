package org.diolab.app.live;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CancellationException;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyDoubleProperty;
import javafx.beans.property.ReadOnlyDoubleWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import org.diolab.app.lesson.LessonViewModel;
import org.diolab.app.work.BackgroundTask;
import org.diolab.app.work.BackgroundWork;
import org.diolab.app.work.TaskContext;
import org.diolab.lesson.Lesson;
import org.diolab.lesson.LiveExperiment;
import org.diolab.live.BandwidthSample;
import org.diolab.live.CancelToken;
import org.diolab.live.JobArgs;
import org.diolab.live.JobResult;
import org.diolab.live.JobSpec;
import org.diolab.live.LiveEngine;
import org.diolab.live.RunOptions;
import org.diolab.live.ScratchDir;

/**
 * The Live tab: runs the lesson's experiment for real on a scratch directory the user chose, off the FX thread with
 * progress and cancel. Each job runs the experiment's {@code repeats} times, round robin so drift hurts no job more
 * than another; the table shows medians and spreads, ratios to the lesson's baseline job, and flags results that
 * contradict what the lesson expects.
 *
 * <p>A run works on what it captured when it started (lesson, jobs, directory); results of a run that is no longer
 * the current one (cancelled, or the lesson changed) are dropped.
 */
public final class LiveViewModel {
    /** A bandwidth sample for the chart: seconds since the job started, MiB/s. */
    public record Point(String job, double seconds, double mibPerSec) {}

    static final String CHOOSE_FIRST =
            "Choose a scratch directory first: DIO Lab writes its test files there, and only" + " there.";

    private final BackgroundWork work;
    private final ReadOnlyObjectWrapper<Path> dir = new ReadOnlyObjectWrapper<>();
    private final ReadOnlyBooleanWrapper running = new ReadOnlyBooleanWrapper(false);
    private final ReadOnlyDoubleWrapper progress = new ReadOnlyDoubleWrapper(0);
    private final ReadOnlyStringWrapper status = new ReadOnlyStringWrapper("");
    private final ReadOnlyObjectWrapper<List<LiveRow>> rows = new ReadOnlyObjectWrapper<>(List.of());
    private final ReadOnlyObjectWrapper<List<String>> notes = new ReadOnlyObjectWrapper<>(List.of());
    private final ReadOnlyObjectWrapper<List<Point>> samples = new ReadOnlyObjectWrapper<>(List.of());
    private final ReadOnlyObjectWrapper<LiveExperiment> experiment = new ReadOnlyObjectWrapper<>();
    private long generation;
    private int active;
    private CancelToken cancel;

    public LiveViewModel(LessonViewModel lessons, BackgroundWork work) {
        this.work = work;
        experiment.set(experimentOf(lessons.lessonProperty().get()));
        lessons.lessonProperty().addListener((o, a, l) -> {
            experiment.set(experimentOf(l));
            stop();
            rows.set(List.of());
            notes.set(List.of());
            samples.set(List.of());
            status.set(running.get() ? "Stopping the previous lesson's experiment…" : "");
        });
    }

    public ReadOnlyObjectProperty<Path> dirProperty() {
        return dir.getReadOnlyProperty();
    }

    public ReadOnlyBooleanProperty runningProperty() {
        return running.getReadOnlyProperty();
    }

    public ReadOnlyDoubleProperty progressProperty() {
        return progress.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty statusProperty() {
        return status.getReadOnlyProperty();
    }

    public ReadOnlyObjectProperty<List<LiveRow>> rowsProperty() {
        return rows.getReadOnlyProperty();
    }

    /** Results that contradict the lesson or sit within noise, and jobs too small for bandwidth, in words. */
    public ReadOnlyObjectProperty<List<String>> notesProperty() {
        return notes.getReadOnlyProperty();
    }

    public ReadOnlyObjectProperty<List<Point>> samplesProperty() {
        return samples.getReadOnlyProperty();
    }

    /** The current lesson's experiment, or null when it has none. */
    public ReadOnlyObjectProperty<LiveExperiment> experimentProperty() {
        return experiment.getReadOnlyProperty();
    }

    /** The lesson's experiment, or {@code null}. */
    public LiveExperiment experiment() {
        return experiment.get();
    }

    private static LiveExperiment experimentOf(Lesson l) {
        return l == null ? null : l.live();
    }

    /**
     * Uses {@code p} as the scratch directory when it is an existing directory; says what is wrong otherwise and
     * keeps the previous one.
     */
    public void chooseDirectory(Path p) {
        if (p == null || !Files.isDirectory(p)) {
            status.set((p == null ? "No directory" : p + " is not an existing directory")
                    + ": choose one on the disk to measure (create it first if needed).");
            return;
        }
        dir.set(p);
        if (!running.get()) {
            status.set("");
        }
    }

    /** Runs every job of the experiment, repeats times, in one session on the chosen directory. */
    public void run() {
        LiveExperiment x = experiment.get();
        Path scratch = dir.get();
        if (x == null || running.get()) {
            return;
        }
        if (scratch == null) {
            status.set(CHOOSE_FIRST);
            return;
        }
        List<JobSpec> specs = new ArrayList<>();
        try {
            for (LiveExperiment.LiveJob j : x.jobs()) {
                specs.add(JobArgs.parse(j.name(), j.args()));
            }
        } catch (RuntimeException e) {
            status.set("This lesson's experiment is not runnable: " + e.getMessage());
            return;
        }
        long gen = ++generation;
        CancelToken token = new CancelToken();
        cancel = token;
        active++;
        running.set(true);
        progress.set(0);
        rows.set(List.of());
        notes.set(List.of());
        samples.set(List.of());
        status.set("Preparing " + scratch + " …");
        // Stopped through the CancelToken, never Job.cancel: every run's outcome arrives, so `running` stays true
        // until the files of a stopped run are gone.
        work.submit(BackgroundTask.of("live " + x.description(), ctx -> runAll(scratch, x, specs, token, ctx))
                .onSuccess(results -> finished(gen, () -> done(x, specs, results)))
                .onFailure(t -> finished(gen, () -> failed(t)))
                .onCancelled(() -> finished(gen, () -> failed(new CancellationException("cancelled"))))
                .onProgress((f, m) -> {
                    if (gen == generation) {
                        progress.set(f);
                        status.set(m);
                    }
                }));
    }

    /** Stops the running experiment; its files are removed, and the progress bar empties. */
    public void cancel() {
        if (running.get()) {
            stop();
            status.set("Cancelling; removing the scratch files…");
        }
    }

    private void stop() {
        generation++;
        CancelToken t = cancel;
        if (t != null) {
            t.cancel();
        }
        progress.set(0);
    }

    /** A run's callback: it always ends the run; only the current run's outcome is shown. */
    private void finished(long gen, Runnable show) {
        active--;
        running.set(active > 0);
        if (gen == generation) {
            show.run();
        } else if (!running.get() && status.get().startsWith("Cancelling")) {
            status.set("Cancelled; scratch files removed.");
        } else if (!running.get() && status.get().startsWith("Stopping")) {
            status.set("");
        }
    }

    private List<List<JobResult>> runAll(
            Path scratch, LiveExperiment x, List<JobSpec> specs, CancelToken token, TaskContext ctx) throws Exception {
        List<List<JobResult>> byJob = new ArrayList<>();
        specs.forEach(s -> byJob.add(new ArrayList<>()));
        int total = x.repeats() * specs.size();
        try (ScratchDir session = LiveEngine.openSession(scratch)) {
            for (int round = 0; round < x.repeats(); round++) {
                for (int k = 0; k < specs.size(); k++) {
                    int done = round * specs.size() + k;
                    String title = x.jobs().get(k).name();
                    String runOf = x.repeats() > 1
                            ? String.format(Locale.ROOT, "run %d of %d · ", round + 1, x.repeats())
                            : "";
                    byJob.get(k)
                            .add(LiveEngine.run(
                                    session,
                                    specs.get(k),
                                    RunOptions.defaults(),
                                    p -> ctx.progress(
                                            (done + p.fraction()) / total,
                                            String.format(
                                                    Locale.ROOT,
                                                    "%s%s: %s %.0f%%, %.0f MiB/s",
                                                    runOf,
                                                    title,
                                                    p.phase().name().toLowerCase(Locale.ROOT),
                                                    100 * p.fraction(),
                                                    p.currentMiBps())),
                                    token));
                }
            }
        }
        return byJob;
    }

    private void done(LiveExperiment x, List<JobSpec> specs, List<List<JobResult>> byJob) {
        progress.set(1);
        List<LiveJobRuns> jobs = new ArrayList<>();
        for (int k = 0; k < specs.size(); k++) {
            jobs.add(new LiveJobRuns(x.jobs().get(k), specs.get(k), byJob.get(k)));
        }
        List<LiveRow> table = LiveTable.rows(x, jobs);
        rows.set(table);
        notes.set(LiveTable.notes(table));
        samples.set(points(jobs));
        long contradictions = table.stream()
                .filter(r -> r.verdict().kind() == LiveVerdict.Kind.CONTRADICTS)
                .count();
        status.set(
                table.isEmpty()
                        ? "No jobs ran."
                        : "Done on " + table.getFirst().machine() + ": each job ran "
                                + x.repeats() + (x.repeats() == 1 ? " time" : " times") + "; medians and spreads below"
                                + (contradictions > 0
                                        ? "; " + contradictions + " result(s) contradict the lesson, see the notes"
                                        : "")
                                + ". Scratch files removed.");
    }

    /** The chart: per-interval bandwidth of each job's last run. */
    private static List<Point> points(List<LiveJobRuns> jobs) {
        List<Point> pts = new ArrayList<>();
        for (LiveJobRuns j : jobs) {
            if (j.runs().isEmpty()) {
                continue;
            }
            for (BandwidthSample s : j.runs().getLast().samples()) {
                pts.add(new Point(j.job().name(), s.startNanos() / 1e9, s.totalMiBps()));
            }
        }
        return List.copyOf(pts);
    }

    private void failed(Throwable t) {
        progress.set(0);
        status.set(t instanceof CancellationException ? "Cancelled; scratch files removed." : t.getMessage());
    }
}
