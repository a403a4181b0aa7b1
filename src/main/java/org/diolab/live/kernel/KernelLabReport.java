package org.diolab.live.kernel;

import java.time.Instant;
import java.util.List;
import org.diolab.live.kernel.scenario.ScenarioResult;
import org.diolab.live.probe.Environment;

/**
 * A kernel-lab run: the kernel and tools it asked, what it cleaned up first, each scenario's result, and what it
 * tore down at the end.
 *
 * @param sweptLeftovers what the sweep before the run removed of what ended runs had left (a killed lab run's mounts,
 *                       loop devices and images; other runs' scratch files), and what it had to leave; empty when
 *                       there was nothing, or with {@code --no-sweep}
 * @param tornDown       what this run removed at its end ("2 mount(s), 5 loop device(s), 5 image(s)")
 * @param leftBehind     what could not be removed, and why; empty when everything the run built is gone (the next
 *                       run in the same directory tries again); also any change to the user's btrfs a scenario did
 *                       not declare
 * @param lasting        on the user's btrfs ({@code --mount}): what each scenario changed there for good, measured
 *                       before and after it (device error counters, with the way to zero them), or that it left
 *                       them as they were; empty without --mount
 * @param tracing        where the traces were recorded ("recorded in the system's tracefs at …"), or why not; ""
 *                       when no trace was asked for
 * @param traces         with {@code --trace}: each scenario's trace, or why it has none
 */
public record KernelLabReport(
        String kernelRelease,
        String btrfsProgs,
        Environment machine,
        String dir,
        Instant startedAt,
        List<String> sweptLeftovers,
        List<ScenarioResult> results,
        String tornDown,
        List<String> leftBehind,
        List<String> lasting,
        String tracing,
        List<ScenarioTrace> traces) {
    public KernelLabReport {
        sweptLeftovers = List.copyOf(sweptLeftovers);
        results = List.copyOf(results);
        leftBehind = List.copyOf(leftBehind);
        lasting = List.copyOf(lasting);
        traces = List.copyOf(traces);
    }

    /** A report of a run without traces. */
    public KernelLabReport(
            String kernelRelease,
            String btrfsProgs,
            Environment machine,
            String dir,
            Instant startedAt,
            List<String> sweptLeftovers,
            List<ScenarioResult> results,
            String tornDown,
            List<String> leftBehind,
            List<String> lasting) {
        this(
                kernelRelease,
                btrfsProgs,
                machine,
                dir,
                startedAt,
                sweptLeftovers,
                results,
                tornDown,
                leftBehind,
                lasting,
                "",
                List.of());
    }

    /** A report of a run that changed nothing lasting (no --mount) and recorded no traces. */
    public KernelLabReport(
            String kernelRelease,
            String btrfsProgs,
            Environment machine,
            String dir,
            Instant startedAt,
            List<String> sweptLeftovers,
            List<ScenarioResult> results,
            String tornDown,
            List<String> leftBehind) {
        this(
                kernelRelease,
                btrfsProgs,
                machine,
                dir,
                startedAt,
                sweptLeftovers,
                results,
                tornDown,
                leftBehind,
                List.of());
    }

    /** The trace of {@code scenario}, if the run recorded one (or said why not). */
    public java.util.Optional<ScenarioTrace> trace(org.diolab.live.kernel.scenario.Scenario scenario) {
        return traces.stream().filter(t -> t.scenario() == scenario).findFirst();
    }
}
