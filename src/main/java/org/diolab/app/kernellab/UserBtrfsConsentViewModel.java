package org.diolab.app.kernellab;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import org.diolab.app.work.BackgroundTask;
import org.diolab.app.work.BackgroundWork;
import org.diolab.app.work.CurrentJob;
import org.diolab.live.kernel.KernelLab;
import org.diolab.live.kernel.KernelLabReport;
import org.diolab.live.kernel.KernelLabRequest;
import org.diolab.live.kernel.scenario.Lasting;
import org.diolab.live.kernel.scenario.Scenario;

/**
 * "On a btrfs you mounted": the open lesson's file-level kernel-lab scenarios on the user's own btrfs (the CLI's
 * {@code --mount}), asking first. Choosing the btrfs, or changing the consent, makes the lab say (off the FX thread)
 * what the run would change there for good ({@link KernelLab#beforehand}); Run is offered only once that has been
 * said for exactly the btrfs and consent now chosen. Consent to raise the btrfs's error counters
 * ({@code --allow-error-counters}) is off by default and asked only when a scenario would raise them; without it such
 * a scenario runs on a btrfs of the lab's own (as root) or is refused naming what to do. After the run, what each
 * scenario changed there, by how much, or that it left it as it was.
 */
public final class UserBtrfsConsentViewModel {
    /** What the lab says beforehand; the app asks {@link KernelLab#beforehand}, tests a stand-in. */
    @FunctionalInterface
    public interface Preview {
        List<String> beforehand(KernelLabRequest request);
    }

    private final ReadOnlyObjectProperty<List<Scenario>> lessonScenarios;
    private final CurrentJob previewJob;
    private final KernelLabJob runJob;
    private final Preview preview;
    private final ReadOnlyObjectWrapper<Path> mount = new ReadOnlyObjectWrapper<>();
    private final ReadOnlyBooleanWrapper consent = new ReadOnlyBooleanWrapper(false);
    private final ReadOnlyObjectWrapper<List<Scenario>> scenarios = new ReadOnlyObjectWrapper<>(List.of());
    private final ReadOnlyObjectWrapper<List<String>> beforehand = new ReadOnlyObjectWrapper<>(List.of());
    private final ReadOnlyBooleanWrapper ready = new ReadOnlyBooleanWrapper(false);
    private final ReadOnlyObjectWrapper<List<String>> lasting = new ReadOnlyObjectWrapper<>(List.of());
    private final ReadOnlyStringWrapper status = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper commandLine = new ReadOnlyStringWrapper("");

    public UserBtrfsConsentViewModel(ReadOnlyObjectProperty<List<Scenario>> lessonScenarios, BackgroundWork work) {
        this(lessonScenarios, work, KernelLab::beforehand, KernelLab::run);
    }

    public UserBtrfsConsentViewModel(
            ReadOnlyObjectProperty<List<Scenario>> lessonScenarios,
            BackgroundWork work,
            Preview preview,
            KernelLabViewModel.Runner runner) {
        this.lessonScenarios = lessonScenarios;
        this.previewJob = new CurrentJob(work);
        this.runJob = new KernelLabJob(work, runner);
        this.preview = preview;
        lessonScenarios.addListener((o, a, l) -> lessonChanged());
        lessonChanged();
    }

    /** The lesson's scenarios that can run on a btrfs the user mounted (file-level); empty when none can. */
    public ReadOnlyObjectProperty<List<Scenario>> scenariosProperty() {
        return scenarios.getReadOnlyProperty();
    }

    public ReadOnlyObjectProperty<Path> mountProperty() {
        return mount.getReadOnlyProperty();
    }

    /** The user's consent to scenarios raising the btrfs's error counters ({@code --allow-error-counters}). */
    public ReadOnlyBooleanProperty consentProperty() {
        return consent.getReadOnlyProperty();
    }

    /** True when a scenario of the lesson would raise the btrfs's error counters, so consent is asked. */
    public boolean asksConsent() {
        return scenarios.get().stream().anyMatch(Scenario::changesAUsersVolume);
    }

    /** "Let false-csum-read raise ... for good (--allow-error-counters)": the consent box's words. */
    public String consentText() {
        return "Let " + Scenario.ids(s -> scenarios.get().contains(s) && s.changesAUsersVolume()) + " raise "
                + Lasting.ERROR_COUNTERS.what() + " of this btrfs for good (--allow-error-counters). "
                + Lasting.ERROR_COUNTERS.why() + ".";
    }

    /** What the lab said it would change, for the btrfs and consent now chosen (empty when nothing lasting). */
    public ReadOnlyObjectProperty<List<String>> beforehandProperty() {
        return beforehand.getReadOnlyProperty();
    }

    /** True once the lab has said beforehand what the run would do, for exactly the choice now made. */
    public ReadOnlyBooleanProperty readyProperty() {
        return ready.getReadOnlyProperty();
    }

    public ReadOnlyBooleanProperty runningProperty() {
        return runJob.runningProperty();
    }

    /** After a run: what each scenario changed on the btrfs for good, by how much, or that it left it as it was. */
    public ReadOnlyObjectProperty<List<String>> lastingProperty() {
        return lasting.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty statusProperty() {
        return status.getReadOnlyProperty();
    }

    /** The same run from a terminal. */
    public ReadOnlyStringProperty commandLineProperty() {
        return commandLine.getReadOnlyProperty();
    }

    public void setMount(Path m) {
        mount.set(m);
        choiceChanged();
    }

    public void setConsent(boolean on) {
        consent.set(on);
        choiceChanged();
    }

    /** Runs the scenarios on the chosen btrfs, as said beforehand; nothing happens before that was said. */
    public void run() {
        Optional<KernelLabRequest> req = request();
        if (req.isEmpty() || !ready.get() || runJob.running()) {
            return;
        }
        lasting.set(List.of());
        status.set("Running on " + mount.get() + " …");
        runJob.start(
                "kernel lab on your btrfs",
                req.get(),
                task -> task.onSuccess(this::done)
                        .onFailure(t -> status.set(KernelLabJob.notRun(t)))
                        .onCancelled(() -> status.set("Cancelled; the lab removed what it had made."))
                        .onProgress((f, m) -> status.set(m)));
    }

    public void cancel() {
        runJob.cancel();
    }

    private void done(KernelLabReport r) {
        lasting.set(r.lasting());
        status.set("Done: "
                + r.results().stream()
                        .map(s -> s.scenario().id() + " " + s.outcome().name().toLowerCase(java.util.Locale.ROOT))
                        .collect(java.util.stream.Collectors.joining(", "))
                + (r.leftBehind().isEmpty() ? "." : ". Left behind: " + String.join("; ", r.leftBehind())));
    }

    private void lessonChanged() {
        scenarios.set(lessonScenarios.get().stream().filter(Scenario::fileLevel).toList());
        if (!asksConsent()) {
            consent.set(false); // a consent is for the scenarios it named, never carried over to others
        }
        choiceChanged();
    }

    /** A new choice: nothing may run until the lab has said, for this choice, what it would change. */
    private void choiceChanged() {
        ready.set(false);
        beforehand.set(List.of());
        lasting.set(List.of());
        updateCommandLine();
        Optional<KernelLabRequest> req = request();
        if (req.isEmpty()) {
            previewJob.abandon();
            status.set(scenarios.get().isEmpty() ? "" : "Choose the mount point of a btrfs of yours.");
            return;
        }
        status.set("Asking the lab what a run would change on " + mount.get() + " …");
        previewJob.start(BackgroundTask.of("what the lab would change", ctx -> preview.beforehand(req.get()))
                .onSuccess(lines -> {
                    beforehand.set(lines);
                    ready.set(true);
                    status.set(
                            lines.isEmpty()
                                    ? "Nothing on " + mount.get() + " will change for good; the run reads its counters"
                                            + " before and after each scenario to show it."
                                    : "Read what the run will do, then run it.");
                })
                .onFailure(t -> status.set(KernelLabJob.notRun(t))));
    }

    private Optional<KernelLabRequest> request() {
        Path m = mount.get();
        if (m == null || scenarios.get().isEmpty()) {
            return Optional.empty();
        }
        KernelLabRequest r = new KernelLabRequest(
                scenarios.get(), m, Optional.of(m), KernelLabRequest.DEFAULT_SIZE, KernelLabRequest.DEFAULT_RUNTIME);
        return Optional.of(consent.get() ? r.withErrorCountersAllowed() : r);
    }

    private void updateCommandLine() {
        commandLine.set(KernelLabJob.commandLine(
                "dio-lab kernel-lab",
                scenarios.get(),
                "--mount " + (mount.get() == null ? "DIR" : mount.get().toString())
                        + (consent.get() ? " --allow-error-counters" : "")));
    }
}
