package org.diolab.live;

import java.io.IOException;
import java.io.InputStream;
import java.lang.foreign.Arena;
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
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Runs a job under fio as well, where fio is installed, to check DIO Lab's numbers against the reference tool.
 * fio gets the very same files (through {@code filename_format} pointing at this session's files, with
 * {@code allow_file_create=0}, so fio neither creates nor removes anything), the same access pattern, block size,
 * size, threads and psync engine, and none of fio's own extras DIO Lab does not do: no {@code fadvise} hint (fio
 * would switch readahead off for random jobs), no preallocation. Never required: without fio, DIO Lab runs as usual.
 */
public final class FioBridge {
    private static final JsonMapper MAPPER = JsonMapper.builder().build();

    private FioBridge() {
    }

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
        if ((job.mode() != Mode.DIRECT && job.mode() != Mode.BUFFERED) || job.csum() != CsumMode.NONE
                || job.mirrors() != 1 || job.mutators() != 0 || job.verify() || job.nowait()) {
            throw LiveRefusal.badOption("--vs-fio compares I/O paths fio has too: use --mode direct or buffered,"
                    + " without --csum, --mirrors, --mutators, --verify or --nowait");
        }
    }

    /** The fio command line for {@code job} on {@code session}'s files. */
    static List<String> command(Path fio, JobSpec job, ScratchDir session) {
        List<String> c = new ArrayList<>(List.of(fio.toString(), "--output-format=json", "--name=" + job.name(),
                "--directory=" + fioEscape(session.dir().toString()),
                job.sharedFile() ? "--filename=" + session.fileName(JobFiles.tag(0, 0))
                        : "--filename_format=" + session.fileName(JobFiles.tag(0, 0))
                        .replace("-w0-m0", "-w$jobnum-m0"),
                "--allow_file_create=0", "--fallocate=none", "--invalidate=" + (job.invalidate() ? 1 : 0),
                "--fadvise_hint=0", "--ioengine=psync", "--iodepth=1",
                "--rw=" + job.rw().fioName(), "--bs=" + job.bs(), "--size=" + job.size(),
                "--numjobs=" + job.numjobs(), "--direct=" + (job.mode().usesODirect() ? 1 : 0),
                "--group_reporting", "--randseed=" + job.randseed()));
        if (job.rw() == RwPattern.RANDRW) {
            c.add("--rwmixread=" + job.rwmixread());
        }
        if (job.timeBased()) {
            c.add("--runtime=" + job.runtime().toMillis() + "ms");
            c.add("--time_based");
        }
        if (job.endFsync()) {
            c.add("--end_fsync=1");
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
     * Runs {@code pairs} alternations of fio and DIO Lab (fio first in even pairs), after one short untimed
     * warm-up of each: the files get written and the JIT compiles DIO Lab's loop, neither of which is what the
     * comparison is about.
     */
    public static FioComparison compare(ScratchDir session, JobSpec job, int pairs, RunOptions options,
                                        ProgressListener listener, CancelToken cancel) {
        checkComparable(job);
        MemoryBudget.check(job);
        if (pairs < 1) {
            throw LiveRefusal.badOption("--vs-fio needs at least 1 pair");
        }
        Path fio = locateFio().orElseThrow(() -> new LiveRefusal(LiveRefusal.Reason.BAD_OPTION,
                "--vs-fio needs fio on the PATH; install it (apt-get install fio, dnf install fio) or drop --vs-fio"));
        try {
            try (Arena arena = Arena.ofConfined()) {
                JobFiles.prepare(session, job, new DataPattern(arena, job.bs(), job.randseed()), listener, cancel,
                        true);
            }
            String version = run(List.of(fio.toString(), "--version"), cancel).trim();
            List<String> cmd = command(fio, job, session);
            JobSpec warm = job.toBuilder().runtime(Duration.ofMillis(Math.min(1000,
                    job.timeBased() ? job.runtime().toMillis() : 1000))).build();
            session.checkNames();
            runFio(command(fio, warm, session), cancel);
            JobRunner.run(session, warm, options, ProgressListener.NONE, cancel, true);
            List<FioComparison.Pair> results = new ArrayList<>();
            for (int i = 0; i < pairs; i++) {
                boolean fioFirst = i % 2 == 0;
                JsonNode f = null;
                JobResult d = null;
                for (int k = 0; k < 2; k++) {
                    if ((k == 0) == fioFirst) {
                        session.checkNames(); // fio opens the files by name: they must still be ours
                        f = runFio(cmd, cancel);
                    } else {
                        d = JobRunner.run(session, job, options, listener, cancel, true);
                    }
                }
                results.add(new FioComparison.Pair(i, fioFirst, d.totalBytesPerSecond(), bw(f, "bw_bytes"),
                        d.read().iops() + d.write().iops(), bw(f, "iops"), d));
            }
            return new FioComparison(version, job, cmd, results);
        } catch (IOException e) {
            throw new LiveFailure("fio comparison failed: " + e.getMessage(), e);
        }
    }

    /** Sum over read and write of one numeric key of fio's first (group-reported) job. */
    static double bw(JsonNode fio, String key) {
        JsonNode job = fio.path("jobs").path(0);
        return job.path("read").path(key).asDouble(0) + job.path("write").path(key).asDouble(0);
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
