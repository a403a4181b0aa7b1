package org.diolab.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.CancellationException;
import org.diolab.live.job.FioUnits;
import org.diolab.live.job.LiveRefusal;
import org.diolab.live.kernel.KernelLab;
import org.diolab.live.kernel.KernelLabFailure;
import org.diolab.live.kernel.KernelLabReport;
import org.diolab.live.kernel.KernelLabRequest;
import org.diolab.live.kernel.LabProgress;
import org.diolab.live.kernel.TraceRequest;
import org.diolab.live.kernel.lab.KernelLabRefusal;
import org.diolab.live.kernel.scenario.Outcome;
import org.diolab.live.kernel.scenario.Scenario;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code dio-lab kernel-lab}: runs the seed threads' races against the running kernel and prints the verdicts. */
@Command(
        name = "kernel-lab",
        sortOptions = false,
        mixinStandardHelpOptions = true,
        description = {
            "Runs each seed thread's race against the running kernel, on btrfs and ext4 filesystems it"
                    + " builds on loop devices of its own (as root), and says whether this kernel has the bug or the fix,"
                    + " from the kernel's own evidence: EIO, its log lines, device error counters, each RAID leg read"
                    + " alone, scrub, page-cache residency. Its images (.dio-lab-<session>-*.img), loop devices and mount"
                    + " points (.dio-lab-<session>-mnt-*) are listed in the run's lock file in --dir, held for the run,"
                    + " and removed at the end, on failure and on Ctrl-C. A killed run's leftovers are removed by the next"
                    + " run, which says what it removed: only when their lock is free, they are this user's, made by"
                    + " DIO Lab on this host, and each loop device is backed by an image still at its recorded name"
                    + " (--no-sweep leaves them).",
            "Example: sudo dio-lab kernel-lab --dir /var/tmp/lab",
            "Example: sudo dio-lab kernel-lab false-csum-read raid1-divergence --dir /var/tmp/lab --format json",
            "Example: sudo dio-lab kernel-lab false-csum-read --dir /var/tmp/lab --trace /var/tmp/traces",
            "Example: dio-lab kernel-lab nowait-read stable-writes --mount /mnt/mybtrfs",
            "On a btrfs you mounted (--mount), a scenario that raises its device error counters for good"
                    + " (false-csum-read) runs on a btrfs of the lab's own instead (as root), unless you give"
                    + " --allow-error-counters."
        },
        modelTransformer = KernelLabCommand.ScenarioList.class,
        subcommands = SeedTablesCommand.class,
        footer = {
            "",
            "Exit codes: 0 done, 1 a scenario or the set-up failed, 2 refused (not root, no loop devices or"
                    + " btrfs, missing tools, bad option), 130 cancelled."
        })
final class KernelLabCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Parameters(paramLabel = "SCENARIO", arity = "0..*", description = "scenarios to run (default: all)")
    List<String> scenarios = new ArrayList<>();

    @Option(names = "--dir", paramLabel = "DIR", description = "scratch directory for the lab's images and mounts")
    Path dir;

    @Option(
            names = "--mount",
            paramLabel = "DIR",
            description = "a btrfs you mounted: run the file-level scenarios"
                    + " there, without loop devices (no root needed; kernel log lines need root)")
    Path mount;

    @Option(
            names = "--allow-error-counters",
            description = "with --mount: let false-csum-read run on your btrfs, although it raises that btrfs's device"
                    + " error counters (corruption_errs) for good; said before the run, with the counters now, and"
                    + " after it, by how much each rose. Without it, it runs on a btrfs of the lab's own (as root)")
    boolean allowErrorCounters;

    @Option(names = "--size", paramLabel = "SIZE", defaultValue = "64m", description = "test file size (default 64m)")
    String size;

    @Option(
            names = "--runtime",
            paramLabel = "TIME",
            defaultValue = "3s",
            description = "each measured phase; controls run half as long (default 3s)")
    String runtime;

    @Option(
            names = "--trace",
            paramLabel = "DIR",
            description = "record the kernel's own trace of each scenario's race (root; tracefs) and write"
                    + " DIR/SCENARIO.trace.json (Perfetto, chrome://tracing) and DIR/SCENARIO.ftrace.txt; a traced"
                    + " scenario runs twice: untraced for its verdict, then traced, and the report says what tracing"
                    + " cost the race")
    Path trace;

    @Mixin
    FormatOption format;

    @Option(names = "--no-progress", description = "no progress on stderr")
    boolean noProgress;

    @Option(
            names = "--no-sweep",
            description = "do not remove what ended DIO Lab runs left in the directory"
                    + " (a killed lab run's mounts, loop devices and images; other runs' scratch files)")
    boolean noSweep;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        boolean json = format.json();
        KernelLabRequest req = request();
        LabProgress.Listener listener = noProgress ? LabProgress.Listener.NONE : printer(err);
        KernelLabReport report;
        try (CancelOnShutdown cancel = new CancelOnShutdown()) {
            for (String line : KernelLab.beforehand(req)) {
                err.println("dio-lab: " + line);
            }
            err.flush();
            report = KernelLab.run(
                    req, trace == null ? TraceRequest.NONE : TraceRequest.to(trace), listener, cancel.token());
        } catch (KernelLabRefusal e) {
            throw new UserError(e.getMessage());
        } catch (KernelLabFailure e) {
            err.println("dio-lab: " + e.getMessage());
            return 1;
        } catch (CancellationException e) {
            err.println("dio-lab: cancelled; the lab's mounts, loop devices and images were removed");
            return 130;
        }
        out.print(json ? KernelLabJson.render(report) + "\n" : KernelLabText.render(report));
        out.flush();
        for (String left : report.leftBehind()) {
            err.println("dio-lab: left behind: " + left);
        }
        return report.leftBehind().isEmpty() && report.results().stream().noneMatch(r -> r.outcome() == Outcome.FAILED)
                ? 0
                : 1;
    }

    private KernelLabRequest request() {
        List<Scenario> chosen = new ArrayList<>();
        for (String s : scenarios) {
            chosen.add(Scenario.byId(s)
                    .orElseThrow(() -> new UserError("unknown scenario '" + s + "'; choose from " + Scenario.ids())));
        }
        if (dir == null && mount == null) {
            throw new UserError("--dir is required: a scratch directory for the lab's images and mount points (or"
                    + " --mount DIR for a btrfs you mounted)");
        }
        if (dir != null && mount != null) {
            throw new UserError("give either --dir (the lab builds its own filesystems) or --mount (your btrfs)");
        }
        if (allowErrorCounters && mount == null) {
            throw new UserError("--allow-error-counters goes with --mount: on the lab's own volumes (--dir) the"
                    + " counters go with the volume");
        }
        if (mount != null && chosen.isEmpty()) {
            chosen = defaultsForMount();
        }
        try {
            KernelLabRequest req = new KernelLabRequest(
                    chosen,
                    dir != null ? dir : mount,
                    Optional.ofNullable(mount),
                    FioUnits.parseSize(size),
                    FioUnits.parseTime(
                            "--runtime", runtime, KernelLabRequest.MIN_RUNTIME, KernelLabRequest.MAX_RUNTIME));
            req = allowErrorCounters ? req.withErrorCountersAllowed() : req;
            return noSweep ? req.withoutSweep() : req;
        } catch (KernelLabRefusal | LiveRefusal | IllegalArgumentException e) {
            throw new UserError(e.getMessage());
        }
    }

    /**
     * The file-level scenarios, for --mount without a list; without root and without --allow-error-counters, those
     * that would raise the btrfs's error counters are left out (the lab cannot run them on a btrfs of its own then),
     * saying so, rather than refusing the whole run.
     */
    private List<Scenario> defaultsForMount() {
        List<Scenario> all =
                List.of(Scenario.values()).stream().filter(Scenario::fileLevel).toList();
        if (allowErrorCounters || KernelLab.unavailableReason().isEmpty()) {
            return all;
        }
        List<Scenario> left = all.stream().filter(s -> !s.changesAUsersVolume()).toList();
        String out = Scenario.ids(s -> all.contains(s) && !left.contains(s));
        spec.commandLine()
                .getErr()
                .println("dio-lab: leaving out " + out + ": it would raise your btrfs's device error counters for good,"
                        + " and without root it cannot run on a btrfs of the lab's own; --allow-error-counters runs"
                        + " it on yours");
        return left;
    }

    /** Progress on stderr: one line per step, as the steps are seconds apart. */
    private static LabProgress.Listener printer(PrintWriter err) {
        LabProgressLines lines = new LabProgressLines(err);
        return p -> lines.print(p.fraction(), p.scenario().id(), p.step());
    }

    /** The help's list of scenarios, from the one registry ({@link Scenario}), before the exit codes. */
    static final class ScenarioList implements CommandLine.IModelTransformer {
        @Override
        public CommandSpec transform(CommandSpec spec) {
            List<String> footer = new ArrayList<>(List.of(spec.usageMessage().footer()));
            footer.add(1, "Scenarios: " + Scenario.ids() + " (default: all).");
            spec.usageMessage().footer(footer.toArray(String[]::new));
            return spec;
        }
    }
}
