package org.diolab.app.live;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CancellationException;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyDoubleProperty;
import javafx.beans.property.ReadOnlyDoubleWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import org.diolab.app.lesson.LessonViewModel;
import org.diolab.app.live.LiveStatus.Phase;
import org.diolab.app.work.BackgroundTask;
import org.diolab.app.work.BackgroundWork;
import org.diolab.app.work.CurrentJob;
import org.diolab.app.work.TaskContext;
import org.diolab.lesson.Lesson;
import org.diolab.lesson.LiveExperiment;
import org.diolab.live.job.CancelToken;
import org.diolab.live.job.JobArgs;
import org.diolab.live.job.JobSpec;
import org.diolab.live.job.RunOptions;
import org.diolab.live.report.BandwidthSample;
import org.diolab.live.report.JobResult;
import org.diolab.live.run.LiveEngine;
import org.diolab.live.scratch.ScratchDir;

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

    private final CurrentJob job;
    private final ReadOnlyObjectWrapper<Path> dir = new ReadOnlyObjectWrapper<>();
    private final ReadOnlyDoubleWrapper progress = new ReadOnlyDoubleWrapper(0);
    private final ReadOnlyObjectWrapper<LiveStatus> state = new ReadOnlyObjectWrapper<>(LiveStatus.of(Phase.IDLE));
    private final ReadOnlyStringWrapper status = new ReadOnlyStringWrapper("");
    private final ReadOnlyObjectWrapper<List<LiveRow>> rows = new ReadOnlyObjectWrapper<>(List.of());
    private final ReadOnlyObjectWrapper<List<String>> notes = new ReadOnlyObjectWrapper<>(List.of());
    private final ReadOnlyObjectWrapper<List<Point>> samples = new ReadOnlyObjectWrapper<>(List.of());
    private final ReadOnlyObjectWrapper<LiveExperiment> experiment = new ReadOnlyObjectWrapper<>();
    private CancelToken cancel;

    public LiveViewModel(LessonViewModel lessons, BackgroundWork work) {
        this.job = new CurrentJob(work);
        status.bind(state.map(LiveStatus::text));
        // A stopped run's files are gone once its work has returned: then the tab says so.
        job.busyProperty().addListener((o, was, busy) -> {
            if (!busy && state.get().windingDown()) {
                state.set(LiveStatus.of(state.get().phase() == Phase.CANCELLING ? Phase.CANCELLED : Phase.IDLE));
            }
        });
        experiment.set(experimentOf(lessons.lessonProperty().get()));
        lessons.lessonProperty().addListener((o, a, l) -> {
            experiment.set(experimentOf(l));
            boolean busy = job.busyProperty().get();
            stop();
            rows.set(List.of());
            notes.set(List.of());
            samples.set(List.of());
            state.set(LiveStatus.of(busy ? Phase.STOPPING_PREVIOUS : Phase.IDLE));
        });
    }

    public ReadOnlyObjectProperty<Path> dirProperty() {
        return dir.getReadOnlyProperty();
    }

    /** True from a run's start until its work has returned, whether its results are still wanted or not. */
    public ReadOnlyBooleanProperty runningProperty() {
        return job.busyProperty();
    }

    public ReadOnlyDoubleProperty progressProperty() {
        return progress.getReadOnlyProperty();
    }

    /** Where the experiment is. */
    public ReadOnlyObjectProperty<LiveStatus> stateProperty() {
        return state.getReadOnlyProperty();
    }

    /** The state as the tab's status line says it. */
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
            state.set(new LiveStatus(
                    Phase.NOT_A_DIRECTORY, p == null ? "No directory" : p + " is not an existing directory"));
            return;
        }
        dir.set(p);
        if (!job.busyProperty().get()) {
            state.set(LiveStatus.of(Phase.IDLE));
        }
    }

    /** Runs every job of the experiment, repeats times, in one session on the chosen directory. */
    public void run() {
        LiveExperiment x = experiment.get();
        Path scratch = dir.get();
        if (x == null || job.busyProperty().get()) {
            return;
        }
        if (scratch == null) {
            state.set(LiveStatus.of(Phase.NEEDS_DIRECTORY));
            return;
        }
        List<JobSpec> specs = new ArrayList<>();
        try {
            for (LiveExperiment.LiveJob j : x.jobs()) {
                specs.add(JobArgs.parse(j.name(), j.args()));
            }
        } catch (RuntimeException e) {
            state.set(new LiveStatus(Phase.NOT_RUNNABLE, e.getMessage()));
            return;
        }
        CancelToken token = new CancelToken();
        cancel = token;
        progress.set(0);
        rows.set(List.of());
        notes.set(List.of());
        samples.set(List.of());
        state.set(new LiveStatus(Phase.PREPARING, scratch.toString()));
        // The engine stops on its CancelToken and removes its files before the work returns: the job stays busy
        // until then, and a stopped run's late results and progress are dropped by the CurrentJob.
        job.start(BackgroundTask.of("live " + x.description(), ctx -> runAll(scratch, x, specs, token, ctx))
                .onSuccess(results -> done(x, specs, results))
                .onFailure(this::failed)
                .onCancelled(() -> failed(new CancellationException("cancelled")))
                .onProgress((f, m) -> {
                    progress.set(f);
                    state.set(new LiveStatus(Phase.RUNNING, m));
                }));
    }

    /** Stops the running experiment; its files are removed, and the progress bar empties. */
    public void cancel() {
        if (job.busyProperty().get()) {
            stop();
            state.set(LiveStatus.of(Phase.CANCELLING));
        }
    }

    /** Stops listening to the run (its results are no longer wanted) and tells its engine to stop. */
    private void stop() {
        job.abandon();
        CancelToken t = cancel;
        if (t != null) {
            t.cancel();
        }
        progress.set(0);
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
        state.set(new LiveStatus(
                Phase.DONE,
                table.isEmpty()
                        ? "No jobs ran."
                        : "Done on " + table.getFirst().machine() + ": each job ran "
                                + x.repeats() + (x.repeats() == 1 ? " time" : " times") + "; medians and spreads below"
                                + (contradictions > 0
                                        ? "; " + contradictions + " result(s) contradict the lesson, see the notes"
                                        : "")
                                + ". Scratch files removed."));
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
        state.set(
                t instanceof CancellationException
                        ? LiveStatus.of(Phase.CANCELLED)
                        : new LiveStatus(Phase.FAILED, t.getMessage()));
    }
}
