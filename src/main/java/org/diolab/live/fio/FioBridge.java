package org.diolab.live.fio;

import java.io.IOException;
import java.io.InputStream;
import java.lang.management.CompilationMXBean;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.diolab.live.job.BufferMemory;
import org.diolab.live.job.CancelToken;
import org.diolab.live.job.CsumMode;
import org.diolab.live.job.JobSpec;
import org.diolab.live.job.LiveFailure;
import org.diolab.live.job.LiveRefusal;
import org.diolab.live.job.Mode;
import org.diolab.live.job.ProgressListener;
import org.diolab.live.job.RunOptions;
import org.diolab.live.probe.CpuTime;
import org.diolab.live.probe.Hugetlb;
import org.diolab.live.report.FioComparison;
import org.diolab.live.report.JobResult;
import org.diolab.live.run.LiveEngine;
import org.diolab.live.run.MemoryBudget;
import org.diolab.live.scratch.ScratchDir;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Runs a job under fio as well, where fio is installed, to check DIO Lab's numbers against the reference tool, like
 * for like:
 * <ul>
 *   <li>the very same files (through {@code filename_format} pointing at this session's files, with
 *       {@code allow_file_create=0}, so fio neither creates nor removes anything), written before either tool runs;</li>
 *   <li>the same memory kind: 4 KiB pages ({@code iomem=malloc}) against DIO Lab's {@code pages}, hugetlb pages
 *       ({@code iomem=mmaphuge}) against DIO Lab's {@code hugetlb} or {@code thp} (2 MiB pages both; fio alone
 *       runs 1 MiB writes more than twice as fast on huge pages);</li>
 *   <li>the same buffer contents policy: fio's {@code scramble_buffers} is off, as DIO Lab writes one buffer as
 *       is (scrambling costs fio 10-40% of its time on 1 MiB writes);</li>
 *   <li>the same thread model ({@code thread}: one process, a thread per job, as DIO Lab's workers);</li>
 *   <li>the same access pattern, block size, size, threads, engine, queue depth and batching
 *       ({@code iodepth_batch_submit}, {@code _complete_min}, {@code _max}, io_uring's {@code fixedbufs}), and none of
 *       fio's own extras DIO Lab does not do: no {@code fadvise} hint (fio would switch readahead off for random
 *       jobs), no preallocation.</li>
 * </ul>
 * Both tools' CPU time per run is measured the same way, as whole-process {@code getrusage}. Never required:
 * without fio, DIO Lab runs as usual.
 */
public final class FioBridge {
    private static final JsonMapper MAPPER = JsonMapper.builder().build();

    private FioBridge() {}

    /** fio on the PATH, if any. */
    public static Optional<Path> locateFio() {
        String path = System.getenv("PATH");
        if (path == null) {
            return Optional.empty();
        }
        for (String dir : path.split(java.io.File.pathSeparator)) {
            Path p = Path.of(dir.isEmpty() ? "." : dir, "fio");
            if (Files.isRegularFile(p) && Files.isExecutable(p)) {
                return Optional.of(p);
            }
        }
        return Optional.empty();
    }

    /** Refuses jobs fio cannot run the same way (DIO Lab's own policies have no fio equivalent). */
    static void checkComparable(JobSpec job) {
        if ((job.mode() != Mode.DIRECT && job.mode() != Mode.BUFFERED)
                || job.csum() != CsumMode.NONE
                || job.mirrors() != 1
                || job.mutators() != 0
                || job.verify()
                || job.nowait()) {
            throw LiveRefusal.badOption("--vs-fio compares I/O paths fio has too: use --mode direct or buffered,"
                    + " without --csum, --mirrors, --mutators, --verify or --nowait");
        }
        if (job.skip() != 0 || !job.randomMap() || job.pacing().throttles() || job.loops() != 1) {
            throw LiveRefusal.badOption("--vs-fio compares plain jobs: no rw skip, norandommap, rate or loops");
        }
    }

    /**
     * fio's {@code filename_format} naming exactly the files DIO Lab prepared for {@code job}, one per fio job thread
     * ({@code $jobnum} counts from 0, as DIO Lab's workers do); refused when they do not follow one pattern (some
     * kept files held by another run, the others private).
     */
    static String filenameFormat(Path[][] paths) {
        String first = paths[0][0].getFileName().toString();
        String suffix = "-" + LiveEngine.fileTag(0, 0);
        String format = first.substring(0, first.length() - suffix.length()) + "-w$jobnum-m0";
        for (int w = 0; w < paths.length; w++) {
            if (!paths[w][0].getFileName().toString().equals(format.replace("$jobnum", Integer.toString(w)))) {
                throw new LiveRefusal(
                        LiveRefusal.Reason.BAD_OPTION,
                        "--vs-fio needs all of the job's files"
                                + " under one name pattern, but another DIO Lab run holds some of the kept files in "
                                + paths[0][0].getParent() + "; wait for it to end or drop --keep-files");
            }
        }
        return format;
    }

    /**
     * fio's option naming exactly the files DIO Lab prepared for {@code job}: {@code --filename} of the one file all
     * threads share ({@code --shared-file}), else {@code --filename_format} with one file per thread.
     */
    static String filesOption(JobSpec job, Path[][] paths) {
        return job.oneFile() ? "--filename=" + paths[0][0].getFileName() : "--filename_format=" + filenameFormat(paths);
    }

    /** The fio command line for {@code job} on the files {@code filesOption} names in {@code dir}. */
    static List<String> command(Path fio, JobSpec job, Path dir, String filesOption) {
        List<String> c = new ArrayList<>(List.of(
                fio.toString(),
                "--output-format=json",
                "--name=" + job.name(),
                "--directory=" + fioEscape(dir.toString()),
                filesOption,
                "--allow_file_create=0",
                "--fallocate=none",
                "--invalidate=" + (job.invalidate() ? 1 : 0),
                "--fadvise_hint=0",
                "--ioengine=" + job.engine().engine().fioName(),
                "--iodepth=" + job.engine().iodepth(),
                "--iodepth_batch_submit=" + job.engine().batchSubmit(),
                "--iodepth_batch_complete_min=" + job.engine().completeMin(),
                "--iodepth_batch_complete_max=" + job.engine().completeMax(),
                "--rw=" + job.rw().fioName(),
                "--bs=" + job.bs(),
                "--size=" + job.size(),
                "--numjobs=" + job.numjobs(),
                "--direct=" + (job.mode().usesODirect() ? 1 : 0),
                "--group_reporting",
                "--randseed=" + job.randseed(),
                "--thread",
                "--scramble_buffers=0",
                "--iomem=" + job.iomem().fioName()));
        if (job.iomem().huge()) {
            c.add("--hugepage-size=" + Hugetlb.pageSize());
        }
        if (job.rw().mixed()) {
            c.add("--rwmixread=" + job.rwmixread());
        }
        if (job.engine().fixedBufs()) {
            c.add("--fixedbufs=1");
        }
        if (job.timeBased()) {
            c.add("--runtime=" + job.runtime().toMillis() + "ms");
            c.add("--time_based");
        } else if (!job.runtime().isZero()) {
            c.add("--runtime=" + job.runtime().toMillis() + "ms");
        }
        if (job.endFsync()) {
            c.add("--end_fsync=1");
        }
        // the same access pattern (fio's own options: DIO Lab's follow their definitions)
        if (!job.access().split().isNone()) {
            c.add("--bssplit=" + job.access().split().fioText());
        }
        if (job.access().blockAlign() > 0) {
            c.add("--blockalign=" + job.access().blockAlign());
        }
        if (!job.access().distribution().uniform()) {
            c.add("--random_distribution=" + job.access().distribution().fioText());
        }
        return c;
    }

    /**
     * fio splits {@code directory} and {@code filename} at ':' (a list of several) and wants a backslash before a
     * colon that belongs to the name.
     */
    static String fioEscape(String path) {
        return path.replace(":", "\\:");
    }

    /**
     * Runs {@code pairs} alternations of fio and DIO Lab (fio first in even pairs), after short untimed warm-ups
     * of each: the files get written and the JIT compiles DIO Lab's loop (see {@link #warmUp}), neither of which is
     * what the comparison is about.
     */
    public static FioComparison compare(
            ScratchDir session,
            JobSpec job,
            int pairs,
            RunOptions options,
            ProgressListener listener,
            CancelToken cancel) {
        checkComparable(job);
        MemoryBudget.check(job);
        if (pairs < 1) {
            throw LiveRefusal.badOption("--vs-fio needs at least 1 pair");
        }
        Path fio = locateFio()
                .orElseThrow(
                        () -> new LiveRefusal(
                                LiveRefusal.Reason.BAD_OPTION,
                                "--vs-fio needs fio on the PATH; install it (apt-get install fio, dnf install fio) or drop --vs-fio"));
        List<String> notes = new ArrayList<>();
        if (pairs % 2 == 1) {
            notes.add("an odd number of pairs lets fio run first once more than DIO Lab; the second run of a pair"
                    + " can profit from caches the first warmed, so use an even number");
        }
        long hugePages = job.numjobs() * Hugetlb.pagesFor(job.bs() * job.depth()); // one io_u buffer per slot
        if (job.iomem() == BufferMemory.THP && Hugetlb.available() < hugePages) {
            // DIO Lab's default memory kind has no hugetlb pool behind it on this machine, so fio cannot match it:
            // compare 4 KiB pages on both sides rather than unlike kinds.
            job = job.toBuilder().iomem(BufferMemory.PAGES).build();
            notes.add("compared on 4 KiB pages: fio's huge pages come from the hugetlb pool, which has "
                    + Hugetlb.available() + " free page(s) here; reserve " + hugePages + " (echo 64 >"
                    + " /proc/sys/vm/nr_hugepages as root) to compare on huge pages");
        } else if (job.iomem().huge()) {
            Hugetlb.requireFree(
                    hugePages,
                    "fio's iomem=mmaphuge, to compare like for like with DIO Lab's "
                            + job.iomem().cliName() + " buffers,");
        }
        try {
            String format = filesOption(job, LiveEngine.layOut(session, job, listener, cancel));
            String version = run(List.of(fio.toString(), "--version"), cancel).trim();
            List<String> cmd = command(fio, job, session.dir(), format);
            JobSpec warm = job.toBuilder()
                    .runtime(Duration.ofMillis(
                            Math.min(1000, job.timeBased() ? job.runtime().toMillis() : 1000)))
                    .build();
            session.checkNames();
            runFio(command(fio, warm, session.dir(), format), cancel);
            warmUp(session, warm, options, cancel);
            List<FioComparison.Pair> results = new ArrayList<>();
            for (int i = 0; i < pairs; i++) {
                boolean fioFirst = i % 2 == 0;
                JsonNode f = null;
                CpuTime fioCpu = CpuTime.ZERO;
                JobResult d = null;
                for (int k = 0; k < 2; k++) {
                    if ((k == 0) == fioFirst) {
                        session.checkNames(); // fio opens the files by name: they must still be ours
                        CpuTime before = CpuTime.children();
                        f = runFio(cmd, cancel);
                        fioCpu = CpuTime.children().minus(before);
                    } else {
                        d = LiveEngine.runChecked(session, job, options, listener, cancel);
                    }
                }
                results.add(new FioComparison.Pair(
                        i,
                        fioFirst,
                        d.totalBytesPerSecond(),
                        bw(f, "bw_bytes"),
                        d.read().iops() + d.write().iops(),
                        bw(f, "iops"),
                        d,
                        new FioComparison.Usage(d.totalBytes(), d.cpu()),
                        new FioComparison.Usage((long) bw(f, "io_bytes"), fioCpu)));
            }
            return new FioComparison(version, job, cmd, results, notes);
        } catch (IOException e) {
            throw new LiveFailure("fio comparison failed: " + e.getMessage(), e);
        }
    }

    /**
     * DIO Lab's untimed warm-up: short runs until the JIT has compiled the loop (a run added less than
     * {@link #JIT_QUIET_MS} of compilation), at most {@link #WARM_RUNS}. A queue-depth loop has more code than the
     * psync one, and compiling it costs CPU that fio, compiled ahead of time, never spends: counted in the first
     * pairs, it is start-up, not the engine.
     */
    private static void warmUp(ScratchDir session, JobSpec warm, RunOptions options, CancelToken cancel)
            throws IOException {
        CompilationMXBean jit = ManagementFactory.getCompilationMXBean();
        boolean timed = jit != null && jit.isCompilationTimeMonitoringSupported();
        for (int i = 0; i < WARM_RUNS; i++) {
            long before = timed ? jit.getTotalCompilationTime() : 0;
            LiveEngine.runChecked(session, warm, options, ProgressListener.NONE, cancel);
            if (!timed || jit.getTotalCompilationTime() - before < JIT_QUIET_MS) {
                return;
            }
        }
    }

    static final int WARM_RUNS = 5;
    static final long JIT_QUIET_MS = 20;

    /** Sum over read and write of one numeric key of fio's first (group-reported) job. */
    static double bw(JsonNode fio, String key) {
        JsonNode job = fio.path("jobs").path(0);
        return job.path("read").path(key).asDouble(0)
                + job.path("write").path(key).asDouble(0);
    }

    static JsonNode runFio(List<String> cmd, CancelToken cancel) throws IOException {
        String out = run(cmd, cancel);
        int brace = out.indexOf('{'); // fio may print notes before the JSON
        if (brace < 0) {
            throw new IOException("fio printed no JSON: " + out.strip());
        }
        try {
            return MAPPER.readTree(out.substring(brace));
        } catch (JacksonException e) {
            throw new IOException("cannot read fio's JSON: " + e.getOriginalMessage(), e);
        }
    }

    /** Runs a command, returns its stdout; stops it on cancel; a non-zero exit is an error with fio's stderr. */
    private static String run(List<String> cmd, CancelToken cancel) throws IOException {
        Process p = new ProcessBuilder(cmd).start();
        CompletableFuture<String> out = CompletableFuture.supplyAsync(() -> slurp(p.getInputStream()));
        CompletableFuture<String> err = CompletableFuture.supplyAsync(() -> slurp(p.getErrorStream()));
        try {
            while (!p.waitFor(100, TimeUnit.MILLISECONDS)) {
                if (cancel.isCancelled()) {
                    p.destroy();
                    if (!p.waitFor(5, TimeUnit.SECONDS)) {
                        p.destroyForcibly();
                    }
                    throw new CancellationException("cancelled");
                }
            }
        } catch (InterruptedException e) {
            p.destroyForcibly();
            Thread.currentThread().interrupt();
            throw new CancellationException("interrupted");
        }
        if (p.exitValue() != 0) {
            throw new IOException(String.join(" ", cmd) + " exited with " + p.exitValue() + ": "
                    + err.join().strip());
        }
        return out.join();
    }

    private static String slurp(InputStream in) {
        try (in) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            return "";
        }
    }
}
