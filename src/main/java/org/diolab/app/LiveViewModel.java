package org.diolab.app;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyDoubleProperty;
import javafx.beans.property.ReadOnlyDoubleWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleObjectProperty;
import org.diolab.app.work.BackgroundTask;
import org.diolab.app.work.BackgroundWork;
import org.diolab.app.work.CurrentJob;
import org.diolab.app.work.TaskContext;
import org.diolab.lesson.Lesson;
import org.diolab.lesson.LiveExperiment;
import org.diolab.live.BandwidthSample;
import org.diolab.live.CancelToken;
import org.diolab.live.Environment;
import org.diolab.live.JobArgs;
import org.diolab.live.JobResult;
import org.diolab.live.JobSpec;
import org.diolab.live.LiveEngine;
import org.diolab.live.RaceCounters;
import org.diolab.live.RunOptions;
import org.diolab.live.ScratchDir;

/**
 * The Live tab: runs the lesson's experiment for real on a scratch directory the user chose, off the FX thread with
 * progress and cancel, and lists what each job measured and which invariants it saw break for real.
 */
public final class LiveViewModel {
    /** A bandwidth sample for the chart: seconds since the job started, MiB/s. */
    public record Point(String job, double seconds, double mibPerSec) {
    }

    private final LessonViewModel lessons;
    private final CurrentJob job;
    private final ObjectProperty<Path> dir = new SimpleObjectProperty<>();
    private final ReadOnlyDoubleWrapper progress = new ReadOnlyDoubleWrapper(0);
    private final ReadOnlyStringWrapper status = new ReadOnlyStringWrapper("");
    private final ReadOnlyObjectWrapper<List<LiveRow>> rows = new ReadOnlyObjectWrapper<>(List.of());
    private final ReadOnlyObjectWrapper<List<Point>> samples = new ReadOnlyObjectWrapper<>(List.of());
    private volatile CancelToken cancel;

    public LiveViewModel(LessonViewModel lessons, BackgroundWork work) {
        this.lessons = lessons;
        this.job = new CurrentJob(work);
        lessons.lessonProperty().addListener((o, a, l) -> {
            cancel();
            rows.set(List.of());
            samples.set(List.of());
            status.set("");
        });
    }

    /** The scratch directory: DIO Lab creates its .dio-lab-* files there and nowhere else. */
    public ObjectProperty<Path> dirProperty() {
        return dir;
    }

    public ReadOnlyBooleanProperty runningProperty() {
        return job.runningProperty();
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

    public ReadOnlyObjectProperty<List<Point>> samplesProperty() {
        return samples.getReadOnlyProperty();
    }

    /** The lesson's experiment, or {@code null}. */
    public LiveExperiment experiment() {
        Lesson l = lessons.lessonProperty().get();
        return l == null ? null : l.live();
    }

    /** Runs every job of the experiment in turn, in one session on the chosen directory; input captured now. */
    public void run() {
        LiveExperiment x = experiment();
        Path scratch = dir.get();
        if (x == null || job.running()) {
            return;
        }
        if (scratch == null) {
            status.set("Choose a scratch directory first: DIO Lab writes its test files there, and only there.");
            return;
        }
        List<JobSpec> jobs = new ArrayList<>();
        try {
            for (LiveExperiment.LiveJob j : x.jobs()) {
                jobs.add(JobArgs.parse(j.name(), j.args()));
            }
        } catch (RuntimeException e) {
            status.set("This lesson's experiment is not runnable: " + e.getMessage());
            return;
        }
        CancelToken token = new CancelToken();
        cancel = token;
        progress.set(0);
        rows.set(List.of());
        samples.set(List.of());
        status.set("Preparing " + scratch + " …");
        List<String> titles = x.jobs().stream().map(LiveExperiment.LiveJob::name).toList();
        job.start(BackgroundTask.of("live " + x.description(), ctx -> runAll(scratch, jobs, titles, token, ctx))
                .onSuccess(results -> done(results, titles))
                .onFailure(this::failed)
                .onCancelled(() -> status.set("Cancelled; scratch files removed."))
                .onProgress((f, m) -> {
                    progress.set(f);
                    status.set(m);
                }));
    }

    public void cancel() {
        CancelToken t = cancel;
        if (t != null) {
            t.cancel();
        }
        job.cancel();
    }

    private List<JobResult> runAll(Path scratch, List<JobSpec> jobs, List<String> titles, CancelToken token,
                                   TaskContext ctx) throws Exception {
        List<JobResult> out = new ArrayList<>();
        try (ScratchDir session = LiveEngine.openSession(scratch)) {
            for (int i = 0; i < jobs.size(); i++) {
                int k = i;
                JobResult r = LiveEngine.run(session, jobs.get(i), RunOptions.defaults(), p -> ctx.progress(
                        (k + p.fraction()) / jobs.size(), String.format(Locale.ROOT, "%s: %s %.0f%%, %.0f MiB/s",
                                titles.get(k), p.phase().name().toLowerCase(Locale.ROOT), 100 * p.fraction(),
                                p.currentMiBps())), token);
                out.add(r);
            }
        }
        return out;
    }

    private void done(List<JobResult> results, List<String> titles) {
        progress.set(1);
        rows.set(rowsOf(results, titles));
        List<Point> pts = new ArrayList<>();
        for (int i = 0; i < results.size(); i++) {
            for (BandwidthSample s : results.get(i).samples()) {
                pts.add(new Point(i < titles.size() ? titles.get(i) : results.get(i).job().name(),
                        s.startNanos() / 1e9, s.totalMiBps()));
            }
        }
        samples.set(List.copyOf(pts));
        status.set(results.isEmpty() ? "No jobs ran." : "Done on " + machine(results.getFirst().machine())
                + ". Scratch files removed.");
    }

    private void failed(Throwable t) {
        status.set(t.getMessage());
    }

    /** One row per result, with each job's bandwidth as a ratio to the first's. */
    static List<LiveRow> rowsOf(List<JobResult> results, List<String> titles) {
        List<LiveRow> out = new ArrayList<>();
        double base = results.isEmpty() ? 1 : results.getFirst().totalBytesPerSecond();
        for (int i = 0; i < results.size(); i++) {
            JobResult r = results.get(i);
            RaceCounters c = r.races();
            double iops = r.read().iops() + r.write().iops();
            long p99 = Math.max(r.read().clat().p99(), r.write().clat().p99());
            out.add(new LiveRow(i < titles.size() ? titles.get(i) : r.job().name(), r.job().mode().cliName(),
                    size(r.job().bs()), r.totalBytesPerSecond() / (1 << 20), iops, p99 / 1000.0,
                    c.mirrorBlocksDiffering(), c.csumMismatchesOnDisk() + c.csumMismatchesOnRead(), c.eagains(),
                    base == 0 ? 0 : r.totalBytesPerSecond() / base, machine(r.machine())));
        }
        return List.copyOf(out);
    }

    static String size(long bytes) {
        return bytes % (1 << 20) == 0 ? bytes / (1 << 20) + "m" : bytes % 1024 == 0 ? bytes / 1024 + "k" : bytes + "";
    }

    static String machine(Environment e) {
        String fs = e.filesystem() == null ? "?" : e.filesystem().type();
        return e.cpuModel() + ", " + e.logicalCpus() + " CPUs, Linux " + e.kernel() + ", " + fs
                + (e.crcAccelerated() ? ", CRC32C in hardware" : ", no CRC32C instructions") + ", " + e.jdk();
    }
}
