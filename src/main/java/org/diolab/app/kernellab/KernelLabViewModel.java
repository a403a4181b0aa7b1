package org.diolab.app.kernellab;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyDoubleProperty;
import javafx.beans.property.ReadOnlyDoubleWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import org.diolab.app.lesson.LessonViewModel;
import org.diolab.app.work.BackgroundWork;
import org.diolab.lesson.Lesson;
import org.diolab.live.job.CancelToken;
import org.diolab.live.kernel.KernelLab;
import org.diolab.live.kernel.KernelLabReport;
import org.diolab.live.kernel.KernelLabRequest;
import org.diolab.live.kernel.LabProgress;
import org.diolab.live.kernel.scenario.Scenario;
import org.diolab.live.kernel.scenario.ScenarioResult;

/**
 * The Live tab's "On this kernel" part: the kernel-lab scenarios that answer for the open lesson, run against the
 * running kernel off the FX thread with progress and cancel, and their verdicts with the evidence. The scratch
 * directory is the Live tab's own.
 */
public final class KernelLabViewModel {
    /** Runs the lab; the app uses {@link KernelLab#run}, tests a stand-in. */
    @FunctionalInterface
    public interface Runner {
        KernelLabReport run(KernelLabRequest request, LabProgress.Listener listener, CancelToken cancel);
    }

    private final LessonViewModel lessons;
    private final KernelLabJob job;
    private final ReadOnlyObjectProperty<Path> dir;
    private final ReadOnlyObjectWrapper<List<Scenario>> scenarios = new ReadOnlyObjectWrapper<>(List.of());
    private final ReadOnlyDoubleWrapper progress = new ReadOnlyDoubleWrapper(0);
    private final ReadOnlyStringWrapper status = new ReadOnlyStringWrapper("");
    private final ReadOnlyObjectWrapper<List<ScenarioResult>> results = new ReadOnlyObjectWrapper<>(List.of());
    private final ReadOnlyObjectWrapper<List<KernelVerdictCard>> cards = new ReadOnlyObjectWrapper<>(List.of());
    private final ReadOnlyObjectWrapper<List<String>> about = new ReadOnlyObjectWrapper<>(List.of());
    private final ReadOnlyStringWrapper machine = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper commandLine = new ReadOnlyStringWrapper("");
    private final ReadOnlyBooleanWrapper sweep = new ReadOnlyBooleanWrapper(true);
    private final ReadOnlyBooleanWrapper earlier = new ReadOnlyBooleanWrapper(false);
    private long size = KernelLabRequest.DEFAULT_SIZE;
    private Duration runtime = KernelLabRequest.DEFAULT_RUNTIME;

    public KernelLabViewModel(LessonViewModel lessons, BackgroundWork work, ReadOnlyObjectProperty<Path> dir) {
        this(lessons, work, dir, KernelLab::run);
    }

    public KernelLabViewModel(
            LessonViewModel lessons, BackgroundWork work, ReadOnlyObjectProperty<Path> dir, Runner runner) {
        this.lessons = lessons;
        this.job = new KernelLabJob(work, runner);
        this.dir = dir;
        lessons.lessonProperty().addListener((o, a, l) -> show(l));
        dir.addListener((o, a, d) -> updateCommandLine());
        show(lessons.lessonProperty().get());
    }

    /** The scenarios that answer for the open lesson, the one built for it first; empty when none does. */
    public ReadOnlyObjectProperty<List<Scenario>> scenariosProperty() {
        return scenarios.getReadOnlyProperty();
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

    public ReadOnlyObjectProperty<List<ScenarioResult>> resultsProperty() {
        return results.getReadOnlyProperty();
    }

    /** The verdicts as the view draws them. */
    public ReadOnlyObjectProperty<List<KernelVerdictCard>> cardsProperty() {
        return cards.getReadOnlyProperty();
    }

    /**
     * True while the verdicts shown are an earlier run's: a new run keeps them in place (the card does not jump) until
     * its own come in, and a cancelled or failed run leaves them, marked as earlier.
     */
    public ReadOnlyBooleanProperty earlierProperty() {
        return earlier.getReadOnlyProperty();
    }

    /** What the lab will do for this lesson, one line per scenario (or why there is nothing to run). */
    public ReadOnlyObjectProperty<List<String>> aboutProperty() {
        return about.getReadOnlyProperty();
    }

    /** "Linux 6.18.44, btrfs-progs v6.2, 2 CPUs" after a run. */
    public ReadOnlyStringProperty machineProperty() {
        return machine.getReadOnlyProperty();
    }

    /** The same run from a terminal, for the lesson's scenarios and the chosen directory. */
    public ReadOnlyStringProperty commandLineProperty() {
        return commandLine.getReadOnlyProperty();
    }

    /**
     * True (the default): a run first removes what ended runs left in the directory (a killed lab run's mounts, loop
     * devices and images, only when provably theirs), and says what it removed; false is the CLI's --no-sweep.
     */
    public ReadOnlyBooleanProperty sweepProperty() {
        return sweep.getReadOnlyProperty();
    }

    public void setSweep(boolean on) {
        sweep.set(on);
        updateCommandLine();
    }

    private void updateCommandLine() {
        commandLine.set(KernelLabJob.commandLine(
                "sudo dio-lab kernel-lab",
                scenarios.get(),
                "--dir " + (dir.get() == null ? "DIR" : dir.get().toString()) + (sweep.get() ? "" : " --no-sweep")));
    }

    /** Smaller, shorter runs for tests and scripted demos. */
    public void useSettings(long fileSize, Duration phase) {
        this.size = fileSize;
        this.runtime = phase;
    }

    /** Runs the lesson's scenarios on the Live tab's scratch directory; the input is captured now. */
    public void run() {
        List<Scenario> chosen = scenarios.get();
        Path scratch = dir.get();
        if (chosen.isEmpty() || job.running()) {
            return;
        }
        if (scratch == null) {
            status.set("Choose a scratch directory first (above): the lab puts its images and mount points there"
                    + " (.dio-lab-* names, listed in its lock file) and removes them at the end.");
            return;
        }
        KernelLabRequest all = new KernelLabRequest(chosen, scratch, Optional.empty(), size, runtime);
        KernelLabRequest request = sweep.get() ? all : all.withoutSweep();
        progress.set(0);
        earlier.set(!cards.get().isEmpty());
        status.set("Preparing the lab in " + scratch + " …");
        job.start(
                "kernel lab",
                request,
                task -> task.onSuccess(this::done)
                        .onFailure(t -> status.set(KernelLabJob.notRun(t)))
                        .onCancelled(() -> {
                            progress.set(0);
                            status.set("Cancelled; the lab's mounts, loop devices and images were removed.");
                        })
                        .onProgress((f, m) -> {
                            // One bar for the whole run, never going back: a scenario's own phases may report an
                            // earlier fraction (a thread starting its phase late, a scenario re-counting its steps).
                            progress.set(Math.max(progress.get(), f));
                            status.set(m);
                        }));
    }

    /** Stops the run: the lab tears down what it built (mounts, loop devices, images) before it says it is done. */
    public void cancel() {
        if (job.running()) {
            status.set("Cancelling: removing the lab's mounts, loop devices and images…");
        }
        job.cancel();
    }

    private void done(KernelLabReport r) {
        progress.set(1);
        earlier.set(false);
        results.set(r.results());
        cards.set(r.results().stream().map(KernelVerdictCard::of).toList());
        machine.set("Linux " + r.kernelRelease() + ", " + r.btrfsProgs() + ", "
                + r.machine().cpuModel() + ", " + r.machine().logicalCpus() + " CPUs");
        status.set("Done"
                + (r.sweptLeftovers().isEmpty()
                        ? ""
                        : ". Before the run, the sweep " + String.join("; ", r.sweptLeftovers()))
                + (r.leftBehind().isEmpty()
                        ? ". Everything the lab built was removed."
                        : ". Left behind, for the next run to retry: " + String.join("; ", r.leftBehind())));
    }

    private void show(Lesson l) {
        job.abandon(); // what it ran for is no longer on show: none of its callbacks will run
        results.set(List.of());
        cards.set(List.of());
        earlier.set(false);
        machine.set("");
        progress.set(0);
        status.set("");
        scenarios.set(l == null ? List.of() : Scenario.forLesson(l.id()));
        about.set(
                scenarios.get().isEmpty()
                        ? List.of(
                                "No kernel-lab scenario answers for this lesson. The lab has: " + Scenario.ids() + ".")
                        : scenarios.get().stream()
                                .map(s -> "• " + s.id() + " (" + s.seed() + "): " + s.description())
                                .toList());
        updateCommandLine();
    }

    /** "present", "prevented", ... in capitals, for the verdict badge. */
    static String badge(ScenarioResult r) {
        return KernelVerdictCard.of(r).badge();
    }
}
