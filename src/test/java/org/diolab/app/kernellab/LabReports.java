package org.diolab.app.kernellab;

import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import org.diolab.live.kernel.KernelLabReport;
import org.diolab.live.kernel.scenario.Outcome;
import org.diolab.live.kernel.scenario.Scenario;
import org.diolab.live.kernel.scenario.ScenarioResult;
import org.diolab.live.probe.EnvironmentProbe;

/** Kernel-lab reports made up for the view tests: a run on Linux 6.18.44 with btrfs-progs v6.2, on this machine. */
public final class LabReports {
    private LabReports() {}

    /** A report of a run in {@code dir}, started now; what it found is added by name. */
    public static KernelLabReport.Builder in(String dir) {
        return KernelLabReport.builder(
                "6.18.44", "btrfs-progs v6.2", EnvironmentProbe.probe(Path.of(".")), dir, Instant.now());
    }

    /** A run in /x of {@code s} alone, that found the bug present ({@code verdict}) on {@code setup}. */
    public static KernelLabReport present(Scenario s, String verdict, String setup) {
        return in("/x").results(List.of(presentResult(s, verdict, setup)))
                .tornDown("1 volume(s)")
                .build();
    }

    /** {@code s} found the bug present ({@code verdict}) in 5 ms, through zero-copy, on {@code setup}. */
    public static ScenarioResult presentResult(Scenario s, String verdict, String setup) {
        return new ScenarioResult(
                s, Outcome.PRESENT, verdict, "zero-copy", setup, List.of(), List.of(), List.of(), List.of(), 5);
    }
}
