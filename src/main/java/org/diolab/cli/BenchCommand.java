package org.diolab.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.CancellationException;
import org.diolab.live.fio.FioBridge;
import org.diolab.live.job.CancelToken;
import org.diolab.live.job.FioJobFile;
import org.diolab.live.job.FioUnits;
import org.diolab.live.job.JobOption;
import org.diolab.live.job.JobOptions;
import org.diolab.live.job.JobSpec;
import org.diolab.live.job.LiveFailure;
import org.diolab.live.job.LiveRefusal;
import org.diolab.live.job.ProgressListener;
import org.diolab.live.job.RunOptions;
import org.diolab.live.report.FioComparison;
import org.diolab.live.report.FioJsonReport;
import org.diolab.live.report.JobResult;
import org.diolab.live.run.LiveEngine;
import org.diolab.live.scratch.CleanupReport;
import org.diolab.live.scratch.ScratchDir;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code dio-lab bench}: runs fio-like jobs for real in a scratch directory and reports like fio. */
@Command(
        name = "bench",
        sortOptions = false,
        modelTransformer = BenchCommand.JobOptionSpecs.class,
        mixinStandardHelpOptions = true,
        description = {
            "Runs a fio-like job for real with O_DIRECT (or buffered, bounce, DONTCACHE) I/O in a scratch"
                    + " directory, checks the invariants the lessons are about, and reports bandwidth, IOPS, latency"
                    + " percentiles and race counts. Files are created as .dio-lab-* in --dir and removed at the end,"
                    + " on failure and on Ctrl-C.",
            "Example: dio-lab bench --dir /var/tmp/lab --rw write --bs 1m --size 1g --runtime 10s",
            "Example: dio-lab bench --dir /var/tmp/lab --rw write --bs 64k --size 64m --mirrors 2 --mutators 1",
            "With --format json: a fio-compatible subset of fio's JSON output, plus a dio-lab object."
        },
        footer = {
            "",
            "Exit codes: 0 done, 1 the run failed (or left files it could not remove), 2 refused (bad"
                    + " option or directory), 130 cancelled by Ctrl-C (SIGINT), 143 by SIGTERM, 129 by SIGHUP; scratch"
                    + " files are removed in every case."
        })
final class BenchCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Parameters(
            index = "0",
            arity = "0..1",
            paramLabel = "JOBFILE",
            description = "fio job file (ini) with the options below as keys (fio's own keys with fio's meaning); job"
                    + " options given as well override the file's, for every job")
    Path jobFile;

    @Option(names = "--dir", paramLabel = "DIR", description = "scratch directory on the disk to measure")
    Path dir;

    @Mixin
    FormatOption format;

    @Option(
            names = "--interval",
            paramLabel = "TIME",
            defaultValue = "500ms",
            description = "bandwidth sampling and progress interval (default 500ms)")
    String interval;

    @Option(
            names = "--vs-fio",
            paramLabel = "PAIRS",
            description = "also run the job under fio, alternating, PAIRS times, like for like (same files, same memory"
                    + " kind, fio's scramble_buffers off, fio threads); prints each pair's bandwidth ratio and CPU"
                    + " s/GiB, and the median")
    String vsFioText;

    @Option(
            names = "--keep-files",
            description = "keep the laid-out files for later runs and reuse kept ones, as fio"
                    + " does (named .dio-lab-kept-SIZE-wN-mN; locked while a run uses them)")
    boolean keepFiles;

    @Option(
            names = "--remove-kept-files",
            description = "remove the files earlier --keep-files runs left in --dir"
                    + " (those no live run holds), then exit")
    boolean removeKeptFiles;

    @Option(names = "--no-progress", description = "no progress on stderr")
    boolean noProgress;

    @Option(names = "--no-sweep", description = "do not remove files that ended DIO Lab runs left in --dir")
    boolean noSweep;

    private Integer vsFio;

    @Override
    public Integer call() {
        LiveEngine.warmUp(); // binds the libc calls in the background while the options are checked
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        boolean json = format.json();
        // Every option is read and checked here, before any file is laid out.
        List<List<FioJobFile.Planned>> groups;
        Path scratch = dir;
        RunOptions options;
        List<String> placed = List.of();
        List<String> notes = List.of();
        try {
            options = new RunOptions(
                    FioUnits.parseTime("--interval", interval, RunOptions.MIN_INTERVAL, RunOptions.MAX_INTERVAL));
            vsFio = vsFioText == null ? null : (int) FioUnits.parseCount("--vs-fio", vsFioText, 1, 100);
            Map<JobOption, String> given = jobOptions();
            if (jobFile != null) {
                FioJobFile.Parsed parsed = FioJobFile.read(jobFile, given); // the command line wins over the file
                groups = parsed.groups();
                scratch = scratch != null ? scratch : parsed.directory().orElse(null);
                placed = parsed.placed();
                notes = parsed.notes();
            } else {
                groups = List.of(List.of(new FioJobFile.Planned(JobOptions.fromCommandLine(given), Duration.ZERO)));
            }
        } catch (LiveRefusal e) {
            throw new UserError(e.getMessage());
        }
        if (scratch == null) {
            throw new UserError("--dir is required: the scratch directory on the disk to measure (DIO Lab creates"
                    + " and removes its own .dio-lab-* files there)");
        }
        if (removeKeptFiles) {
            return removeKept(scratch, out, err);
        }
        for (String p : placed) { // --place-in-dir: the user hears where each absolute name went
            err.println("dio-lab: placed " + p + " inside " + scratch + " (--place-in-dir)");
        }
        notes.forEach(n -> err.println("dio-lab: " + n)); // how a job is bounded (fill_device)
        ProgressPrinter progress = ProgressPrinter.forStderr(err);
        ProgressListener listener = noProgress ? ProgressListener.NONE : progress;
        CancelOnShutdown cancel = new CancelOnShutdown();
        try {
            return run(groups, scratch, options, listener, cancel.token(), json, out, err, progress);
        } finally {
            progress.finish();
            err.flush();
            cancel.close(); // only now may a signal's exit go ahead: the last message is out
        }
    }

    private int run(
            List<List<FioJobFile.Planned>> groups,
            Path scratch,
            RunOptions options,
            ProgressListener listener,
            CancelToken cancel,
            boolean json,
            PrintWriter out,
            PrintWriter err,
            ProgressPrinter progress) {
        ScratchDir session;
        try {
            session = LiveEngine.openSession(scratch, !noSweep);
        } catch (LiveRefusal e) {
            throw new UserError(e.getMessage());
        }
        ScratchMessages.sweep(session.sweepReport(), session.dir()).ifPresent(err::println);
        List<JobResult> results = new ArrayList<>();
        List<FioComparison> comparisons = new ArrayList<>();
        RuntimeException failure = null;
        Path real = session.dir();
        try {
            if (keepFiles) {
                session.keepFiles();
            }
            CancelToken exitedAll = new CancelToken(); // fio's exitall with exit_what=all: no later group runs
            for (List<FioJobFile.Planned> group : groups) {
                if (exitedAll.isCancelled()) {
                    break;
                }
                List<JobSpec> jobs = group.stream().map(FioJobFile.Planned::job).toList();
                if (vsFio != null) {
                    for (JobSpec job : jobs) { // a comparison runs one job at a time, fio's and DIO Lab's in turn
                        comparisons.add(FioBridge.compare(session, job, vsFio, options, listener, cancel));
                    }
                } else {
                    // jobs up to the next stonewall run at the same time, as fio runs them
                    List<Duration> delays =
                            group.stream().map(FioJobFile.Planned::startDelay).toList();
                    results.addAll(LiveEngine.runTogether(session, jobs, delays, options, listener, cancel, exitedAll));
                }
            }
        } catch (LiveRefusal | LiveFailure | CancellationException e) {
            failure = e;
        }
        CleanupReport cleanup = session.cleanUp();
        progress.finish();
        if (!results.isEmpty() || !comparisons.isEmpty()) {
            print(results, comparisons, json, out); // finished measurements are worth having whatever came after
        }
        if (keepFiles) {
            List<Path> kept = LiveEngine.keptFiles(real);
            long bytes = kept.stream().mapToLong(p -> p.toFile().length()).sum();
            err.println("dio-lab: kept " + kept.size() + " laid-out file(s), " + FioUnits.humanBytes(bytes) + ", in "
                    + real + " (.dio-lab-kept-*) for later --keep-files runs; remove them with --remove-kept-files");
        }
        String files = cleanup.summary();
        return switch (failure) {
            case null -> {
                if (!cleanup.complete()) {
                    err.println("dio-lab: the measurement finished, but " + files);
                    yield 1;
                }
                yield 0;
            }
            case LiveRefusal r -> {
                err.println("dio-lab: " + r.getMessage() + (cleanup.complete() ? "" : "; " + files));
                yield UserError.EXIT_CODE;
            }
            case CancellationException c -> {
                err.println("dio-lab: cancelled; " + files);
                yield CancelOnShutdown.EXIT_CANCELLED;
            }
            default -> {
                err.println("dio-lab: " + failure.getMessage() + " (" + files + ")");
                yield 1;
            }
        };
    }

    private void print(List<JobResult> results, List<FioComparison> comparisons, boolean json, PrintWriter out) {
        if (json) {
            out.println(vsFio != null ? FioJsonReport.renderComparisons(comparisons) : FioJsonReport.render(results));
        } else {
            results.forEach(r -> out.print(BenchTextReport.render(r)));
            comparisons.forEach(c -> out.print(BenchTextReport.render(c)));
        }
        out.flush();
    }

    private int removeKept(Path scratch, PrintWriter out, PrintWriter err) {
        try {
            ScratchDir.KeptRemoval r = LiveEngine.removeKeptFiles(scratch);
            out.println("removed " + r.removed() + " kept file(s), " + FioUnits.humanBytes(r.bytes()) + ", from "
                    + scratch + (r.inUse() > 0 ? "; " + r.inUse() + " in use by a live run left alone" : ""));
            return 0;
        } catch (LiveRefusal e) {
            throw new UserError(e.getMessage());
        } catch (LiveFailure e) {
            err.println("dio-lab: " + e.getMessage());
            return 1;
        }
    }

    /** The job options given on the command line, each with its text as given (a flag's "true"). */
    private Map<JobOption, String> jobOptions() {
        Map<JobOption, String> given = new LinkedHashMap<>();
        for (JobOption o : JobOptions.commandLine()) {
            Object v = spec.findOption(o.cli()).getValue();
            if (v != null) {
                given.put(o, v.toString());
            }
        }
        return given;
    }

    /**
     * bench's job options, made from the one table of job options ({@link JobOptions}) and put right after --dir,
     * as its help lists them: a flag where the option is one, else an option with the table's parameter label.
     */
    static final class JobOptionSpecs implements CommandLine.IModelTransformer {
        @Override
        public CommandSpec transform(CommandSpec spec) {
            List<OptionSpec> rest = spec.options().stream()
                    .filter(o -> !o.longestName().equals("--dir"))
                    .toList();
            rest.forEach(spec::remove);
            for (JobOption o : JobOptions.commandLine()) {
                OptionSpec.Builder b = OptionSpec.builder(o.cli()).description(o.help());
                spec.addOption(
                        o.takesValue()
                                ? b.paramLabel(o.label()).type(String.class).build()
                                : b.arity("0").type(Boolean.class).build());
            }
            rest.forEach(spec::addOption);
            return spec;
        }
    }
}
