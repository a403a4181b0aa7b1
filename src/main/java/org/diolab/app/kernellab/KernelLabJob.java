package org.diolab.app.kernellab;

import java.util.List;
import java.util.function.UnaryOperator;
import javafx.beans.property.ReadOnlyBooleanProperty;
import org.diolab.app.work.BackgroundTask;
import org.diolab.app.work.BackgroundWork;
import org.diolab.app.work.CurrentJob;
import org.diolab.live.job.CancelToken;
import org.diolab.live.kernel.KernelLabReport;
import org.diolab.live.kernel.KernelLabRequest;
import org.diolab.live.kernel.lab.KernelLabRefusal;
import org.diolab.live.kernel.scenario.Scenario;

/**
 * One kernel-lab run at a time, off the FX thread, for the parts of the Live tab that run the lab ("On this kernel",
 * "On a btrfs you mounted"). The lab stops on its own cancel token, not on the job's: the job's cancel reaches it at
 * its next progress report, and {@link #cancel()} sets the token at once, so the lab tears down what it built before
 * the job ends. Use from the FX thread only.
 */
final class KernelLabJob {
    private final CurrentJob job;
    private final KernelLabViewModel.Runner runner;
    private CancelToken cancel;

    KernelLabJob(BackgroundWork work, KernelLabViewModel.Runner runner) {
        this.job = new CurrentJob(work);
        this.runner = runner;
    }

    ReadOnlyBooleanProperty runningProperty() {
        return job.runningProperty();
    }

    boolean running() {
        return job.running();
    }

    /**
     * Runs {@code request} as the job {@code name}, the one before cancelled; {@code outcome} adds what to do with
     * the report, a failure, a cancel and the progress ("scenario: step") to the task.
     */
    void start(String name, KernelLabRequest request, UnaryOperator<BackgroundTask<KernelLabReport>> outcome) {
        CancelToken token = new CancelToken();
        cancel = token;
        job.start(outcome.apply(BackgroundTask.of(
                name,
                ctx -> runner.run(
                        request,
                        p -> {
                            if (ctx.cancelled()) {
                                token.cancel();
                            }
                            ctx.progress(p.fraction(), p.scenario().id() + ": " + p.step());
                        },
                        token))));
    }

    /** Stops the run; its {@code onCancelled} runs once the lab has torn down what it built. */
    void cancel() {
        cancelLab();
        job.cancel();
    }

    /** Stops the run and forgets it: none of its callbacks will run (what it ran for is no longer on show). */
    void abandon() {
        cancelLab();
        job.abandon();
    }

    private void cancelLab() {
        CancelToken t = cancel;
        if (t != null) {
            t.cancel();
        }
    }

    /** "Not run: …" for a refusal (root, loop devices, tools), "Failed: …" for anything else. */
    static String notRun(Throwable t) {
        return (t instanceof KernelLabRefusal ? "Not run: " : "Failed: ") + t.getMessage();
    }

    /** "{@code command} SCENARIO… {@code where}": the same run from a terminal; "" when there is nothing to run. */
    static String commandLine(String command, List<Scenario> scenarios, String where) {
        return scenarios.isEmpty()
                ? ""
                : command + " "
                        + String.join(" ", scenarios.stream().map(Scenario::id).toList()) + " " + where;
    }
}
