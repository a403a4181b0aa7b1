package org.diolab.live.kernel;

import java.util.List;
import java.util.Optional;
import org.diolab.live.kernel.scenario.Scenario;
import org.diolab.live.kernel.scenario.ScenarioResult;
import org.diolab.live.kernel.trace.export.TraceFiles;
import org.diolab.live.kernel.trace.meaning.Failure;
import org.diolab.live.kernel.trace.meaning.TraceFindings;
import org.diolab.live.kernel.trace.meaning.TraceReading;
import org.diolab.live.kernel.trace.view.TraceStory;

/**
 * A scenario's trace (kernel-lab {@code --trace}): what the kernel's own events showed of the race, where the files
 * are, the picked failures (first, next, any: indexes into {@link #failures()}), the traced run's own verdict and
 * what tracing cost the race; or, when nothing could be recorded, why ({@link #notRecorded()}).
 *
 * @param shows      what to look for in this trace (the scenario's plan)
 * @param files      {@code DIR/SCENARIO.trace.json} and {@code DIR/SCENARIO.ftrace.txt}, when written
 * @param reading    the recording in the lessons' words, for the app's view; empty when not recorded
 * @param tracedRun  the scenario's traced run (its verdict may differ from the untraced one's: tracing slows it)
 * @param recording  what the recorder did: events on, lines read and kept, lost events
 * @param notRecorded what could not be recorded, and why (no root, no tracefs, a missing event, a refused filter)
 */
public record ScenarioTrace(
        Scenario scenario,
        String shows,
        Optional<TraceFiles> files,
        Optional<TraceReading> reading,
        List<Failure> failures,
        Optional<TraceFindings> findings,
        Optional<ScenarioResult> tracedRun,
        Optional<TraceCost> cost,
        String recording,
        long lost,
        List<String> notRecorded) {
    public ScenarioTrace {
        failures = List.copyOf(failures);
        notRecorded = List.copyOf(notRecorded);
    }

    /** A scenario that ran untraced, and why. */
    static ScenarioTrace notRecorded(Scenario s, String shows, List<String> why) {
        return new ScenarioTrace(
                s,
                shows,
                Optional.empty(),
                Optional.empty(),
                List.of(),
                Optional.empty(),
                Optional.empty(),
                Optional.empty(),
                "",
                0,
                why);
    }

    public boolean recorded() {
        return reading.isPresent();
    }

    /** The app's picture of the recording: every pick as a space-time view; empty when nothing was recorded. */
    public Optional<TraceStory> story() {
        return reading.map(r -> TraceStory.of(
                scenario.id(),
                scenario.title(),
                shows,
                findings.map(TraceFindings::text).orElse(""),
                failures,
                lost, // the whole recording's: the kept lines hold only the LOST lines of their windows
                r.gaps()));
    }
}
