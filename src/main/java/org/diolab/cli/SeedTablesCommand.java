package org.diolab.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CancellationException;
import org.diolab.live.job.FioUnits;
import org.diolab.live.job.LiveRefusal;
import org.diolab.live.kernel.KernelLabFailure;
import org.diolab.live.kernel.lab.KernelLabRefusal;
import org.diolab.live.kernel.seed.SeedTables;
import org.diolab.live.kernel.seed.SeedTablesReport;
import org.diolab.live.kernel.seed.SeedTablesRequest;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code dio-lab kernel-lab seed-tables}: each seed's own benchmark re-measured on this kernel, beside its table. */
@Command(
        name = "seed-tables",
        sortOptions = false,
        mixinStandardHelpOptions = true,
        description = {
            "Runs each seed thread's own benchmark on volumes the kernel lab builds on loop devices (as root) and"
                    + " prints the seed's table beside this kernel's numbers, both as ratios to the table's first row:"
                    + " S000's libaio random 64 KiB reads at depth 64 of a nodatasum and a checksummed btrfs file;"
                    + " S003's 1 MiB O_DIRECT writes to the raw loop device, a nodatasum and a checksummed file on"
                    + " SINGLE and a nodatasum file on RAID1; S002's eight psync randrw jobs on one ext4 file at 4k to"
                    + " 1m; S004's 1 MiB direct writes into a checksummed file. Scaled to the machine (--size,"
                    + " --runtime; the scaling is printed). Its images, loop devices and mounts are listed in the"
                    + " run's lock file in --dir and removed at the end, on failure and on Ctrl-C.",
            "Example: sudo dio-lab kernel-lab seed-tables --dir /var/tmp/lab",
            "Example: sudo dio-lab kernel-lab seed-tables S000 S003 --dir /var/tmp/lab --size 256m --runtime 3s"
        },
        footer = {
            "",
            "Exit codes: 0 done, 1 a run or the set-up failed, 2 refused (not root, no loop devices or btrfs, bad"
                    + " option), 130 cancelled."
        })
final class SeedTablesCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Parameters(paramLabel = "SEED", arity = "0..*", description = "S000, S003, S002, S004 (default: all)")
    List<String> seeds = new ArrayList<>();

    @Option(names = "--dir", paramLabel = "DIR", required = true, description = "scratch directory for the images")
    Path dir;

    @Option(names = "--size", paramLabel = "SIZE", defaultValue = "1g", description = "each test file (default 1g)")
    String size;

    @Option(names = "--runtime", paramLabel = "TIME", defaultValue = "10s", description = "each run (default 10s)")
    String runtime;

    @Mixin
    FormatOption format;

    @Option(names = "--no-progress", description = "no progress on stderr")
    boolean noProgress;

    @Option(names = "--no-sweep", description = "do not remove what ended DIO Lab runs left in the directory")
    boolean noSweep;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        boolean json = format.json();
        SeedTablesRequest req;
        try {
            req = new SeedTablesRequest(
                    seeds,
                    dir,
                    FioUnits.parseSize(size),
                    FioUnits.parseTime(
                            "--runtime", runtime, java.time.Duration.ofMillis(200), java.time.Duration.ofSeconds(600)),
                    !noSweep);
        } catch (KernelLabRefusal | LiveRefusal | IllegalArgumentException e) {
            throw new UserError(e.getMessage());
        }
        SeedTablesReport report;
        try (CancelOnShutdown cancel = new CancelOnShutdown()) {
            LabProgressLines lines = new LabProgressLines(err);
            report = SeedTables.run(
                    req, noProgress ? (s, f) -> {} : (s, f) -> lines.print(f, "seed-tables", s), cancel.token());
        } catch (KernelLabRefusal e) {
            throw new UserError(e.getMessage());
        } catch (KernelLabFailure e) {
            err.println("dio-lab: " + e.getMessage());
            return 1;
        } catch (CancellationException e) {
            err.println("dio-lab: cancelled; the lab's mounts, loop devices and images were removed");
            return CancelOnShutdown.EXIT_CANCELLED;
        }
        out.print(json ? SeedTablesJson.render(report) + "\n" : SeedTablesText.render(report));
        out.flush();
        report.leftBehind().forEach(l -> err.println("dio-lab: left behind: " + l));
        return report.leftBehind().isEmpty() ? 0 : 1;
    }
}
