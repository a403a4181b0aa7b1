package org.diolab.live.run;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.foreign.Arena;
import java.nio.file.Path;
import org.diolab.live.job.CancelToken;
import org.diolab.live.job.JobSpec;
import org.diolab.live.job.LiveFailure;
import org.diolab.live.job.LiveRefusal;
import org.diolab.live.job.ProgressListener;
import org.diolab.live.job.RunOptions;
import org.diolab.live.report.JobResult;
import org.diolab.live.scratch.ScratchCleanupException;
import org.diolab.live.scratch.ScratchDir;
import org.diolab.sys.LibC;

/**
 * The live backend's front door: runs {@link JobSpec}s for real in a scratch directory.
 *
 * <pre>{@code
 * CancelToken cancel = new CancelToken();              // cancel.cancel() from any thread stops the run
 * JobSpec job = JobSpec.builder().rw(RwPattern.WRITE).bs(1 << 20).size(256L << 20)
 *         .mode(Mode.DIRECT).mirrors(2).mutators(1).build();
 * JobResult r = LiveEngine.run(Path.of("/var/tmp/lab"), job, RunOptions.defaults(), progress -> { }, cancel);
 * r.races().mirrorBlocksDiffering();                    // real divergence between the two mirror files
 * }</pre>
 *
 * Everything thrown is unchecked: {@link LiveRefusal} before anything ran (bad directory, option, missing kernel
 * feature), {@link LiveFailure} when the run failed, {@link java.util.concurrent.CancellationException} when it was
 * cancelled. In all three cases the scratch files are gone by the time the exception arrives (for the one-shot
 * {@code run(Path, ...)}; in a session they go when the session closes).
 */
public final class LiveEngine {
    private LiveEngine() {}

    /** Runs one job in {@code dir}, in its own session: its files are deleted before this returns or throws. */
    public static JobResult run(
            Path dir, JobSpec job, RunOptions options, ProgressListener listener, CancelToken cancel) {
        try (ScratchDir session = openSession(dir)) {
            return run(session, job, options, listener, cancel);
        } catch (ScratchCleanupException e) {
            throw new LiveFailure("job '" + job.name() + "' finished, but " + e.getMessage(), e);
        }
    }

    /**
     * Runs one job in an open session. Files stay until the session closes, so a following job of the same size
     * can reuse them (that is how the fio bridge runs fio and DIO Lab on identical files).
     */
    public static JobResult run(
            ScratchDir session, JobSpec job, RunOptions options, ProgressListener listener, CancelToken cancel) {
        try {
            return JobRunner.run(session, job, options, listener, cancel);
        } catch (IOException | UncheckedIOException e) {
            throw new LiveFailure("job '" + job.name() + "' failed in " + session.dir() + ": " + e.getMessage(), e);
        }
    }

    /**
     * Runs {@code jobs} at the same time in an open session, as fio runs the jobs of a file up to a {@code stonewall}:
     * each lays out its files in turn, then all start together, job {@code i} after {@code startDelays[i]}. The
     * results come in the jobs' order; the first failure stops the others and is thrown.
     */
    public static java.util.List<JobResult> runTogether(
            ScratchDir session,
            java.util.List<JobSpec> jobs,
            java.util.List<java.time.Duration> startDelays,
            RunOptions options,
            ProgressListener listener,
            CancelToken cancel) {
        return runTogether(session, jobs, startDelays, options, listener, cancel, new CancelToken());
    }

    /**
     * {@link #runTogether(ScratchDir, java.util.List, java.util.List, RunOptions, ProgressListener, CancelToken)},
     * cancelling {@code exitedAll} when a job's thread ends with fio's {@code exitall} and {@code exit_what=all}: the
     * caller then runs none of the file's later groups.
     */
    public static java.util.List<JobResult> runTogether(
            ScratchDir session,
            java.util.List<JobSpec> jobs,
            java.util.List<java.time.Duration> startDelays,
            RunOptions options,
            ProgressListener listener,
            CancelToken cancel,
            CancelToken exitedAll) {
        try {
            return JobRunner.runTogether(session, jobs, startDelays, options, listener, cancel, exitedAll);
        } catch (IOException | UncheckedIOException e) {
            throw new LiveFailure(
                    "jobs " + String.join(", ", jobs.stream().map(JobSpec::name).toList()) + " failed in "
                            + session.dir() + ": " + e.getMessage(),
                    e);
        }
    }

    /**
     * {@link #run(ScratchDir, JobSpec, RunOptions, ProgressListener, CancelToken)} with the run's I/O errors as they
     * are, for a tool that runs DIO Lab beside another on the same files (the fio bridge) and says itself what failed.
     */
    public static JobResult runChecked(
            ScratchDir session, JobSpec job, RunOptions options, ProgressListener listener, CancelToken cancel)
            throws IOException {
        return JobRunner.run(session, job, options, listener, cancel);
    }

    /**
     * Lays out {@code job}'s files in the session as its run will find them (reusing what the session laid out
     * before), so another tool can run on the very same files; the files by worker and mirror.
     */
    public static Path[][] layOut(ScratchDir session, JobSpec job, ProgressListener listener, CancelToken cancel)
            throws IOException {
        try (Arena arena = Arena.ofConfined()) {
            return JobFiles.prepare(session, job, new DataPattern(arena, job.bs(), job.randseed()), listener, cancel)
                    .paths;
        }
    }

    /** The end of the name of a job's file for {@code worker} and {@code mirror}: {@code w0-m0}. */
    public static String fileTag(int worker, int mirror) {
        return JobFiles.tag(worker, mirror);
    }

    /**
     * Starts the live engine's one-off set-up (binding its libc calls: a few hundred milliseconds on a busy
     * machine) on a background thread, so it overlaps with whatever the caller does before its first run.
     */
    public static void warmUp() {
        LibC.warmUp();
    }

    /** The files earlier {@code --keep-files} runs left in {@code dir} (a real directory path). */
    public static java.util.List<Path> keptFiles(Path dir) {
        try {
            return ScratchDir.keptFiles(dir);
        } catch (IOException e) {
            return java.util.List.of();
        }
    }

    /**
     * Removes the files earlier {@code --keep-files} runs left in {@code dir} ({@code .dio-lab-kept-*}), unless a
     * live run holds them.
     */
    public static ScratchDir.KeptRemoval removeKeptFiles(Path dir) {
        try (ScratchDir s = ScratchDir.open(dir, false)) {
            return s.removeKeptFiles();
        } catch (IOException e) {
            throw new LiveFailure("cannot remove kept files in " + dir + ": " + e.getMessage(), e);
        }
    }

    /** Checks {@code dir} and opens a session on it (also sweeps files left by ended runs). */
    public static ScratchDir openSession(Path dir) {
        return openSession(dir, true);
    }

    /** Checks {@code dir} and opens a session on it; {@code sweep} removes what ended runs left (see StaleSweep). */
    public static ScratchDir openSession(Path dir, boolean sweep) {
        try {
            return ScratchDir.open(dir, sweep);
        } catch (IOException e) {
            throw new LiveFailure("cannot use " + dir + ": " + e.getMessage(), e);
        }
    }
}
