package org.diolab.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CancellationException;
import org.diolab.live.fio.FioBridge;
import org.diolab.live.job.BufferMemory;
import org.diolab.live.job.CancelToken;
import org.diolab.live.job.CsumImpl;
import org.diolab.live.job.CsumMode;
import org.diolab.live.job.FioJobFile;
import org.diolab.live.job.FioUnits;
import org.diolab.live.job.JobSpec;
import org.diolab.live.job.LiveFailure;
import org.diolab.live.job.LiveRefusal;
import org.diolab.live.job.Mode;
import org.diolab.live.job.ProgressListener;
import org.diolab.live.job.RunOptions;
import org.diolab.live.job.RwPattern;
import org.diolab.live.report.FioComparison;
import org.diolab.live.report.FioJsonReport;
import org.diolab.live.report.JobResult;
import org.diolab.live.run.LiveEngine;
import org.diolab.live.scratch.CleanupReport;
import org.diolab.live.scratch.ScratchDir;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code dio-lab bench}: runs fio-like jobs for real in a scratch directory and reports like fio. */
@Command(
        name = "bench",
        sortOptions = false,
        mixinStandardHelpOptions = true,
        description = {
            "Runs a fio-like job for real with O_DIRECT (or buffered, bounce, DONTCACHE) I/O in a scratch"
                    + " directory, checks the invariants the lessons are about, and reports bandwidth, IOPS, latency"
                    + " percentiles and race counts. Files are created as .dio-lab-* in --dir and removed at the end,"
                    + " on failure and on Ctrl-C.",
            "Example: dio-lab bench --dir /var/tmp/lab --rw write --bs 1m --size 1g --runtime 10s",
            "Example: dio-lab bench --dir /var/tmp/lab --rw write --bs 64k --size 64m --mirrors 2 --mutators 1"
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
            description = "fio job file (ini) with the options below as keys; replaces the job options")
    Path jobFile;

    @Option(names = "--dir", paramLabel = "DIR", description = "scratch directory on the disk to measure")
    Path dir;

    @Option(names = "--name", paramLabel = "NAME", description = "job name (default: dio-lab)")
    String name;

    @Option(names = "--rw", paramLabel = "RW", description = "read, write, randread, randwrite, randrw (default read)")
    String rw;

    @Option(names = "--rwmixread", paramLabel = "PCT", description = "percentage of reads in randrw (default 50)")
    String rwmixread;

    @Option(names = "--bs", paramLabel = "SIZE", description = "block size per I/O, e.g. 4k, 64k, 1m (default 4k)")
    String bs;

    @Option(names = "--size", paramLabel = "SIZE", description = "file size per job thread (default 64m)")
    String size;

    @Option(
            names = "--runtime",
            paramLabel = "TIME",
            description = "run for this long, looping over the file (time based), e.g. 10s, 500ms")
    String runtime;

    @Option(
            names = "--numjobs",
            paramLabel = "N",
            description = "threads, each with its own file unless" + " --shared-file (default 1)")
    String numjobs;

    @Option(names = "--mode", paramLabel = "MODE", description = "buffered, direct, bounce, dontcache (default direct)")
    String mode;

    @Option(names = "--csum", paramLabel = "WHEN", description = "CRC32C per 4 KiB block: none, sync, async")
    String csum;

    @Option(names = "--csum-impl", paramLabel = "IMPL", description = "hw (CPU instructions) or sw (table)")
    String csumImpl;

    @Option(names = "--mirrors", paramLabel = "N", description = "RAID1: write every block to N files at once")
    String mirrors;

    @Option(names = "--mutators", paramLabel = "N", description = "threads storing into the buffers during I/O")
    String mutators;

    @Option(
            names = "--shared-file",
            description = "all --numjobs threads on one file (fio's jobs sharing one"
                    + " filename): they meet at one inode and its locks")
    Boolean sharedFile;

    @Option(names = "--nowait", description = "RWF_NOWAIT; EAGAIN is counted and the I/O reissued")
    Boolean nowait;

    @Option(names = "--verify", description = "check every block read and written against its pattern")
    Boolean verify;

    @Option(names = "--end-fsync", description = "fdatasync the files at the end, inside the measured time")
    Boolean endFsync;

    @Option(names = "--randseed", paramLabel = "N", description = "seed for offsets, mix and data")
    String randseed;

    @Option(
            names = "--iomem",
            paramLabel = "MEM",
            description = "buffer pages: thp (transparent huge pages; default),"
                    + " hugetlb (the hugetlb pool, like fio's mmaphuge) or pages (4 KiB, like fio's malloc)")
    String iomem;

    @Option(
            names = "--invalidate",
            paramLabel = "0|1",
            description = "1 (default): drop the files' cached pages"
                    + " before the job, like fio; 0: start from a warm page cache")
    String invalidate;

    @Option(names = "--format", paramLabel = "FMT", defaultValue = "text", description = "text or json (fio subset)")
    String format;

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
        boolean json = switch (format) {
            case "json" -> true;
            case "text" -> false;
            default -> throw new UserError("--format must be text or json, not '" + format + "'");
        };
        // Every option is read and checked here, before any file is laid out.
        List<JobSpec> jobs;
        Path scratch = dir;
        RunOptions options;
        try {
            options = new RunOptions(
                    FioUnits.parseTime("--interval", interval, RunOptions.MIN_INTERVAL, RunOptions.MAX_INTERVAL));
            vsFio = vsFioText == null ? null : (int) FioUnits.parseCount("--vs-fio", vsFioText, 1, 100);
            if (jobFile != null) {
                if (anyJobOption()) {
                    throw new UserError(
                            "give the job options either in " + jobFile + " or on the command line," + " not both");
                }
                FioJobFile.Parsed parsed = FioJobFile.read(jobFile);
                jobs = parsed.jobs();
                scratch = scratch != null ? scratch : parsed.directory().orElse(null);
            } else {
                jobs = List.of(jobFromOptions());
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
        ProgressPrinter progress = ProgressPrinter.forStderr(err);
        ProgressListener listener = noProgress ? ProgressListener.NONE : progress;
        CancelOnShutdown cancel = new CancelOnShutdown();
        try {
            return run(jobs, scratch, options, listener, cancel.token(), json, out, err, progress);
        } finally {
            progress.finish();
            err.flush();
            cancel.close(); // only now may a signal's exit go ahead: the last message is out
        }
    }

    private int run(
            List<JobSpec> jobs,
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
            for (JobSpec job : jobs) {
                if (vsFio != null) {
                    comparisons.add(FioBridge.compare(session, job, vsFio, options, listener, cancel));
                } else {
                    results.add(LiveEngine.run(session, job, options, listener, cancel));
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

    private boolean anyJobOption() {
        return name != null
                || rw != null
                || rwmixread != null
                || bs != null
                || size != null
                || runtime != null
                || numjobs != null
                || mode != null
                || csum != null
                || csumImpl != null
                || mirrors != null
                || mutators != null
                || nowait != null
                || verify != null
                || endFsync != null
                || randseed != null
                || iomem != null
                || invalidate != null
                || sharedFile != null;
    }

    private JobSpec jobFromOptions() {
        JobSpec.Builder b = JobSpec.builder();
        if (name != null) {
            b.name(name);
        }
        if (rw != null) {
            b.rw(RwPattern.parse(rw));
        }
        if (rwmixread != null) {
            b.rwmixread((int) FioUnits.parseCount("--rwmixread", rwmixread, 0, 100));
        }
        if (bs != null) {
            b.bs(FioUnits.parseSize("--bs", bs, 1, JobSpec.MAX_BS));
        }
        if (size != null) {
            b.size(FioUnits.parseSize("--size", size, 1, JobSpec.MAX_SIZE));
        }
        if (runtime != null) {
            b.runtime(FioUnits.parseTime("--runtime", runtime, Duration.ZERO, JobSpec.MAX_RUNTIME));
        }
        if (numjobs != null) {
            b.numjobs((int) FioUnits.parseCount("--numjobs", numjobs, 1, JobSpec.MAX_NUMJOBS));
        }
        if (mode != null) {
            b.mode(Mode.parse(mode));
        }
        if (csum != null) {
            b.csum(CsumMode.parse(csum));
        }
        if (csumImpl != null) {
            b.csumImpl(CsumImpl.parse(csumImpl));
        }
        if (mirrors != null) {
            b.mirrors((int) FioUnits.parseCount("--mirrors", mirrors, 1, JobSpec.MAX_MIRRORS));
        }
        if (mutators != null) {
            b.mutators((int) FioUnits.parseCount("--mutators", mutators, 0, JobSpec.MAX_MUTATORS));
        }
        b.nowait(Boolean.TRUE.equals(nowait))
                .verify(Boolean.TRUE.equals(verify))
                .endFsync(Boolean.TRUE.equals(endFsync))
                .sharedFile(Boolean.TRUE.equals(sharedFile));
        if (randseed != null) {
            b.randseed(FioUnits.parseCount("--randseed", randseed, 0, Long.MAX_VALUE));
        }
        if (iomem != null) {
            b.iomem(BufferMemory.parse(iomem));
        }
        if (invalidate != null) {
            b.invalidate(FioUnits.parseCount("--invalidate", invalidate, 0, 1) == 1);
        }
        return b.build();
    }
}
