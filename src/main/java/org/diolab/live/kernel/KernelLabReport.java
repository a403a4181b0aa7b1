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

    /**
     * A report of a run on {@code kernelRelease} with {@code btrfsProgs}, in {@code dir} from {@code startedAt}: what
     * the run found is added by name, and what is not said is empty (no sweep, no results, nothing torn down, left
     * behind or lasting, no trace asked for).
     */
    public static Builder builder(
            String kernelRelease, String btrfsProgs, Environment machine, String dir, Instant startedAt) {
        return new Builder(kernelRelease, btrfsProgs, machine, dir, startedAt);
    }

    /** The parts of a report a run has, by name; {@link #build()} makes the immutable report. */
    public static final class Builder {
        private final String kernelRelease;
        private final String btrfsProgs;
        private final Environment machine;
        private final String dir;
        private final Instant startedAt;
        private List<String> sweptLeftovers = List.of();
        private List<ScenarioResult> results = List.of();
        private String tornDown = "";
        private List<String> leftBehind = List.of();
        private List<String> lasting = List.of();
        private String tracing = "";
        private List<ScenarioTrace> traces = List.of();

        private Builder(String kernelRelease, String btrfsProgs, Environment machine, String dir, Instant startedAt) {
            this.kernelRelease = kernelRelease;
            this.btrfsProgs = btrfsProgs;
            this.machine = machine;
            this.dir = dir;
            this.startedAt = startedAt;
        }

        public Builder sweptLeftovers(List<String> lines) {
            this.sweptLeftovers = lines;
            return this;
        }

        public Builder results(List<ScenarioResult> scenarioResults) {
            this.results = scenarioResults;
            return this;
        }

        public Builder tornDown(String what) {
            this.tornDown = what;
            return this;
        }

        public Builder leftBehind(List<String> lines) {
            this.leftBehind = lines;
            return this;
        }

        public Builder lasting(List<String> lines) {
            this.lasting = lines;
            return this;
        }

        /** Where the traces were recorded, or why not, and each scenario's trace ({@code --trace}). */
        public Builder traces(String where, List<ScenarioTrace> scenarioTraces) {
            this.tracing = where;
            this.traces = scenarioTraces;
            return this;
        }

        public KernelLabReport build() {
            return new KernelLabReport(
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
                    tracing,
                    traces);
        }
    }

    /** The trace of {@code scenario}, if the run recorded one (or said why not). */
    public java.util.Optional<ScenarioTrace> trace(org.diolab.live.kernel.scenario.Scenario scenario) {
        return traces.stream().filter(t -> t.scenario() == scenario).findFirst();
    }
}
