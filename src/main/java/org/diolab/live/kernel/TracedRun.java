package org.diolab.live.kernel;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;
import org.diolab.live.kernel.evidence.KernelLog;
import org.diolab.live.kernel.lab.LabSession;
import org.diolab.live.kernel.lab.LabTracefs;
import org.diolab.live.kernel.scenario.Outcome;
import org.diolab.live.kernel.scenario.RaceTracer;
import org.diolab.live.kernel.scenario.Scenario;
import org.diolab.live.kernel.scenario.ScenarioResult;
import org.diolab.live.kernel.scenario.ScenarioRun;
import org.diolab.live.kernel.trace.TracePlan;
import org.diolab.live.kernel.trace.TraceResult;
import org.diolab.live.kernel.trace.TraceTargets;
import org.diolab.live.kernel.trace.export.TraceExport;
import org.diolab.live.kernel.trace.export.TraceFile;
import org.diolab.live.kernel.trace.export.TraceFiles;
import org.diolab.live.kernel.trace.meaning.ClockAlignment;
import org.diolab.live.kernel.trace.meaning.Failure;
import org.diolab.live.kernel.trace.meaning.FailurePicker;
import org.diolab.live.kernel.trace.meaning.KernelLogLine;
import org.diolab.live.kernel.trace.meaning.LabDevices;
import org.diolab.live.kernel.trace.meaning.TraceFindings;
import org.diolab.live.kernel.trace.meaning.TraceReading;
import org.diolab.live.kernel.trace.text.FtraceText;

/**
 * A scenario with {@code --trace}: run once untraced (its verdict, and the race's rate without tracing), then once
 * traced on new volumes (the recording, and the same rate under tracing), then the recording read in the lessons'
 * words, its failures picked and the files written. The verdict is the untraced run's, so tracing never changes it;
 * the traced run's own verdict is reported beside the trace.
 */
final class TracedRun {
    /** The scenario's result (the untraced run's) and its trace. */
    record Both(ScenarioResult result, ScenarioTrace trace) {}

    /**
     * Wraps each of the two runs, e.g. between two readings of the user's btrfs ({@link LastingGuard}); {@code traced}
     * says which run it is.
     */
    @FunctionalInterface
    interface Guard {
        ScenarioResult around(boolean traced, Supplier<ScenarioResult> run) throws IOException;
    }

    private TracedRun() {}

    /** The plan's description of a scenario, whatever its devices: its events are filled in when it records. */
    static Optional<TracePlan> plan(Scenario s) {
        return TracePlan.forScenario(s.id(), TraceTargets.of(LabDevices.NONE));
    }

    static Both run(
            Scenario s,
            Supplier<ScenarioRun> untracedRun,
            Supplier<ScenarioRun> tracedRun,
            LabSession session,
            LabTracefs fs,
            KernelLog log,
            TraceRequest req,
            Guard guard,
            List<String> leftBehind)
            throws IOException {
        TracePlan plan = plan(s).orElseThrow();
        RaceTracer untraced = RaceTracer.counting(s.id());
        ScenarioResult first = guard.around(
                false,
                () -> ScopedValue.where(RaceTracer.CURRENT, untraced)
                        .call(() -> KernelLab.runOne(s, untracedRun.get(), session, leftBehind, () -> {})));
        session.cancel().throwIfCancelled();
        if (first.outcome() == Outcome.FAILED || first.outcome() == Outcome.SKIPPED) {
            return new Both(
                    first,
                    ScenarioTrace.notRecorded(
                            s,
                            plan.shows(),
                            List.of("not recorded: the untraced run "
                                    + (first.outcome() == Outcome.FAILED ? "failed" : "was skipped"))));
        }
        RaceTracer traced = RaceTracer.recording(s.id(), fs, session, log);
        AtomicReference<Optional<RaceTracer.Recorded>> recorded = new AtomicReference<>(Optional.empty());
        ScenarioResult second;
        try {
            second = guard.around(
                    true,
                    () -> ScopedValue.where(RaceTracer.CURRENT, traced)
                            .call(() -> KernelLab.runOne(
                                    s, tracedRun.get(), session, leftBehind, () -> recorded.set(traced.finish()))));
        } finally {
            traced.close();
        }
        TraceCost cost = TraceCost.of(plan.race(), untraced, traced);
        List<String> notRecorded = new ArrayList<>(traced.notRecorded());
        if (recorded.get().isEmpty()) {
            return new Both(
                    first,
                    new ScenarioTrace(
                            s,
                            plan.shows(),
                            Optional.empty(),
                            Optional.empty(),
                            List.of(),
                            Optional.empty(),
                            Optional.of(second),
                            Optional.of(cost),
                            "",
                            0,
                            notRecorded));
        }
        return new Both(first, read(s, plan, recorded.get().get(), second, cost, req, notRecorded));
    }

    /** The recording read, its failures picked, its files written (when asked), and what it shows. */
    private static ScenarioTrace read(
            Scenario s,
            TracePlan plan,
            RaceTracer.Recorded rec,
            ScenarioResult second,
            TraceCost cost,
            TraceRequest req,
            List<String> notRecorded) {
        TraceResult result = rec.result();
        List<KernelLogLine> log = rec.log().stream()
                .map(l -> new KernelLogLine(l.micros(), l.text()))
                .toList();
        FtraceText text = result.parse();
        TraceReading reading = TraceReading.of(text, rec.devices(), log, ClockAlignment.sameClock());
        List<Failure> failures = FailurePicker.forLook(plan.look(), reading);
        TraceFindings findings = TraceFindings.of(
                plan.look(), reading, failures, rec.devices(), result.stats().phaseEvents());
        Optional<TraceFiles> files = Optional.empty();
        if (req.dir().isPresent()) {
            TraceFile.About about = new TraceFile.About(s.id(), s.title(), plan.look(), plan.shows(), findings.text());
            try {
                files = Optional.of(TraceExport.write(
                        req.dir().get(),
                        s.id(),
                        result.ftraceText(TraceFile.notes(about, rec.devices(), log)),
                        reading,
                        failures));
            } catch (IOException | RuntimeException e) {
                notRecorded.add("could not write the trace files: " + e.getMessage());
            }
        }
        String clock = ClockAlignment.fromRecording(text, log)
                .map(a -> Math.abs(a.offsetNanos()) <= a.errorNanos()
                        ? "; the kernel log's clock probe fell between its two markers (one clock)"
                        : String.format(
                                java.util.Locale.ROOT,
                                "; the kernel log's clock probe was %+d µs off its markers' middle",
                                a.offsetNanos() / 1000))
                .orElse("");
        return new ScenarioTrace(
                s,
                plan.shows(),
                files,
                Optional.of(reading),
                failures,
                Optional.of(findings),
                Optional.of(second),
                Optional.of(cost),
                result.describe() + clock,
                result.lost(),
                notRecorded);
    }
}
