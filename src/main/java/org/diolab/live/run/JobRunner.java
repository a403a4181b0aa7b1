package org.diolab.live.run;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import org.diolab.live.engine.EngineCheck;
import org.diolab.live.job.Cadence;
import org.diolab.live.job.CancelToken;
import org.diolab.live.job.CsumMode;
import org.diolab.live.job.JobSpec;
import org.diolab.live.job.LiveFailure;
import org.diolab.live.job.Mode;
import org.diolab.live.job.Progress;
import org.diolab.live.job.ProgressListener;
import org.diolab.live.job.RunOptions;
import org.diolab.live.probe.CacheResidency;
import org.diolab.live.probe.CpuTime;
import org.diolab.live.probe.Environment;
import org.diolab.live.probe.EnvironmentProbe;
import org.diolab.live.probe.PageCache;
import org.diolab.live.report.BandwidthSample;
import org.diolab.live.report.JobResult;
import org.diolab.live.report.RaceCounters;
import org.diolab.live.scratch.ScratchDir;
import org.diolab.live.scratch.ScratchFile;
import org.diolab.sys.Fd;
import org.diolab.sys.Threads;
import org.jspecify.annotations.Nullable;

/**
 * Runs one job in an open scratch session: checks, layout, the measured run (workers, checksum threads, mutators,
 * bandwidth sampling), then the after-run checks. Every thread and buffer it starts is stopped and freed before it
 * returns or throws; the files stay with the session, which deletes them when closed. Jobs of one {@link JobGroup}
 * prepare one at a time and start their clocks together, as fio starts the jobs of a file.
 */
final class JobRunner {
    private final ScratchDir scratch;
    private final JobSpec job;
    private final RunOptions options;
    private final ProgressListener listener;
    private final CancelToken user;
    private final CancelToken abort = new CancelToken();
    private final JobGroup group;
    private final Duration startDelay;

    JobRunner(
            ScratchDir scratch,
            JobSpec job,
            RunOptions options,
            ProgressListener listener,
            CancelToken user,
            JobGroup group,
            Duration startDelay) {
        this.scratch = scratch;
        this.job = job;
        this.options = options;
        this.listener = listener;
        this.user = user;
        this.group = group;
        this.startDelay = startDelay;
        group.join(abort, job.cadence().reportGroup());
    }

    static JobResult run(
            ScratchDir scratch, JobSpec job, RunOptions options, ProgressListener listener, CancelToken cancel)
            throws IOException {
        check(scratch, job, cancel);
        JobGroup alone = JobGroup.of(1);
        return new JobRunner(scratch, job, options, listener, cancel, alone, Duration.ZERO).execute();
    }

    /**
     * Runs {@code jobs} at the same time, each starting {@code delays[i]} after the group; their results in order.
     * Every job is checked before any lays out a file; the first failure stops the others and is thrown.
     */
    static List<JobResult> runTogether(
            ScratchDir scratch,
            List<JobSpec> jobs,
            List<Duration> delays,
            RunOptions options,
            ProgressListener listener,
            CancelToken cancel,
            CancelToken exitedAll)
            throws IOException {
        for (JobSpec j : jobs) {
            check(scratch, j, cancel);
        }
        JobGroup group = JobGroup.of(jobs.size(), exitedAll);
        ProgressListener one = p -> {
            synchronized (group) { // several jobs report at once; a listener hears one at a time
                listener.onProgress(p);
            }
        };
        List<JobRunner> runners = new ArrayList<>();
        for (int i = 0; i < jobs.size(); i++) {
            runners.add(new JobRunner(scratch, jobs.get(i), options, one, cancel, group, delays.get(i)));
        }
        if (runners.size() == 1) {
            return List.of(runners.getFirst().execute());
        }
        JobResult[] results = new JobResult[runners.size()];
        Throwable[] failures = new Throwable[runners.size()];
        List<Thread> threads = new ArrayList<>();
        for (int i = 0; i < runners.size(); i++) {
            int at = i;
            threads.add(Threads.startDaemon("dio-lab-job-" + jobs.get(i).name(), () -> {
                try {
                    results[at] = runners.get(at).execute();
                } catch (Throwable t) {
                    failures[at] = t;
                }
            }));
        }
        Threads.joinAllUninterruptibly(threads);
        for (Throwable t : failures) {
            if (t != null) {
                throw rethrow(t);
            }
        }
        return List.of(results);
    }

    /** A job thread's failure, rethrown as it was: unchecked as is, I/O errors as such. */
    private static RuntimeException rethrow(Throwable t) throws IOException {
        if (t instanceof IOException e) {
            throw e;
        }
        if (t instanceof RuntimeException e) {
            return e;
        }
        if (t instanceof Error e) {
            throw e;
        }
        return new IllegalStateException(t);
    }

    /** What is refused before any file is laid out or buffer touched. */
    static void check(ScratchDir scratch, JobSpec job, CancelToken cancel) throws IOException {
        cancel.throwIfCancelled();
        if (job.mode().usesODirect()) {
            DirectAlignmentCheck.check(job, scratch.directIo(), scratch.dir());
        }
        MemoryBudget.check(job);
        EngineCheck.check(job.engine().engine(), slotsPerWorker(job));
        FlagProbe.check(scratch, job);
    }

    /** A worker's user buffers, one per slot, filled with the job's pattern and added to {@code all}. */
    private MemorySegment[] filledSlots(
            Arena arena, int depth, int alignment, DataPattern pattern, List<MemorySegment> all) {
        MemorySegment[] bufs = slots(arena, depth, alignment);
        for (MemorySegment b : bufs) {
            pattern.fill(b);
            all.add(b);
        }
        return bufs;
    }

    /** What a worker that ends on its own runs: fio's exitall stops what exit_what names; null without exitall. */
    private @Nullable Runnable exit() {
        Cadence c = job.cadence();
        return c.exit() == Cadence.Exit.NONE ? null : () -> group.exit(c.exit(), c.reportGroup());
    }

    /** A worker's place in its flow (fio's flow control), shared with the group's other jobs; null outside one. */
    private Flows.@Nullable Member flowMember() {
        return job.flow().active() ? group.flows().join(job.flow()) : null;
    }

    /** Units one worker's engine context holds: one per slot of its queue and leg of a mirrored write. */
    static int slotsPerWorker(JobSpec job) {
        return job.depth() * (job.rw().writes() ? job.mirrors() : 1);
    }

    /** What the run left, looked at after it: the files' page-cache residency and the race counters. */
    private record EndChecks(CacheResidency cache, RaceCounters races) {}

    /** The checks after the run, under the session's lock (one job at a time touches the files and records). */
    private EndChecks endChecks(
            JobFiles files, DataPattern pattern, WorkerStats[] stats, long mutatorStores, long eagains)
            throws IOException {
        synchronized (group.lock()) {
            files.afterRun(scratch, job);
            CacheResidency cache = residency(files.paths);
            return new EndChecks(
                    cache,
                    WorkerStats.raceCounters(stats, mutatorStores, eagains).plus(verify(files, pattern)));
        }
    }

    JobResult execute() throws IOException {
        CpuTime cpuAtStart = CpuTime.self();
        int n = job.numjobs();
        IoTarget[][] targets = new IoTarget[n][job.mirrors()];
        List<AutoCloseable> helpers = new ArrayList<>();
        List<Mutator> mutators = new ArrayList<>();
        List<Thread> mutatorThreads = new ArrayList<>();
        List<Thread> threads = new ArrayList<>();
        CountDownLatch gate = new CountDownLatch(1);
        boolean arrived = false;
        boolean ok = false;
        try (Arena arena = Arena.ofShared()) {
            Environment machine;
            JobFiles files;
            DataPattern pattern = new DataPattern(arena, job.bs(), job.randseed());
            int alignment = scratch.alignment();
            WorkerStats[] stats = new WorkerStats[n];
            List<MemorySegment> userBuffers = new ArrayList<>();
            MemorySegment dmaBuffer = null; // the first worker's first buffer the device reads or fills
            WorkerClock clock = new WorkerClock();
            CountDownLatch ready = new CountDownLatch(n);
            CountDownLatch done = new CountDownLatch(n);
            synchronized (group.lock()) { // the session's files and records, one job at a time
                machine = EnvironmentProbe.probe(scratch.dir());
                files = JobFiles.prepare(scratch, job, pattern, listener, user);
            }
            user.throwIfCancelled();
            int depth = job.depth();
            for (int w = 0; w < n; w++) {
                for (int m = 0; m < job.mirrors(); m++) {
                    targets[w][m] = IoTarget.open(files.paths[w][m], job.mode(), job.nowait());
                }
                MemorySegment[] bufs = filledSlots(arena, depth, alignment, pattern, userBuffers);
                MemorySegment[] bounce = job.mode() == Mode.BOUNCE ? slots(arena, depth, alignment) : null;
                MemorySegment[] cached = job.csum() != CsumMode.NONE
                                && !job.mode().usesODirect()
                                && job.rw().writes()
                        ? slots(arena, depth, alignment)
                        : null;
                dmaBuffer = dmaBuffer != null ? dmaBuffer : bounce != null ? bounce[0] : bufs[0];
                AsyncChecksummer async = job.csum() == CsumMode.ASYNC
                        ? add(helpers, new AsyncChecksummer(job.csumImpl(), depth, threadName(w) + "-csum"))
                        : null;
                stats[w] = new WorkerStats();
                WorkerSetup setup = new WorkerSetup(
                        job,
                        w,
                        targets[w],
                        bufs,
                        bounce,
                        cached,
                        pattern,
                        files.tables[w],
                        async,
                        flowMember(),
                        exit());
                Worker worker = new Worker(setup, stats[w], clock, ready, gate, done, user, abort, threadName(w));
                threads.add(Threads.startDaemon(threadName(w), worker));
            }
            for (int i = 0; i < job.mutators(); i++) {
                Mutator mu = new Mutator(userBuffers);
                mutators.add(mu);
                mutatorThreads.add(Threads.startDaemon("dio-lab-" + job.name() + "-mutator" + i, mu));
            }
            for (Mutator mu : mutators) {
                Threads.awaitUninterruptibly(mu::awaitStoring);
            }
            Threads.awaitUninterruptibly(ready::await); // engines set up (rings mapped, buffers registered): untimed
            arrived = true;
            group.arriveAndAwait(); // the other jobs of the group are ready too
            group.sleep(startDelay, user);
            Instant startedAt = Instant.now();
            clock.timeBased = job.timeBased();
            clock.capped = !job.timeBased() && !job.runtime().isZero();
            clock.startNanos = System.nanoTime();
            clock.deadlineNanos = clock.startNanos + job.runtime().toNanos();
            gate.countDown();
            List<BandwidthSample> samples =
                    new BandwidthSampler(job, options, listener, user).sampleUntilDone(stats, clock.startNanos, done);
            Threads.joinAllUninterruptibly(threads);
            long mutatorStores = stopMutators(mutators, mutatorThreads);
            throwFirstFailure(stats);
            user.throwIfCancelled();
            long end = lastEnd(stats);
            if (job.endFsync() && job.rw().writes()) {
                syncAll(targets); // fio's end_fsync: part of the job, so part of its runtime
                end = System.nanoTime();
            }
            long elapsed = end - clock.startNanos;
            if (job.rw().writes() && !job.mode().usesODirect()) {
                // Untimed: buffered and DONTCACHE pages are written back before the cache is looked at (DONTCACHE
                // drops them when writeback ends) and before the next job, which must not pay for this one's
                // writeback. O_DIRECT writes left nothing dirty: no sync to wait for (fio does none either).
                syncAll(targets);
            }
            long eagains = eagains(targets);
            closeAll(targets);
            EndChecks checks = endChecks(files, pattern, stats, mutatorStores, eagains);
            JobResult r = new JobResult(
                    job,
                    machine,
                    scratch.dir().toString(),
                    scratch.directIo().offset(),
                    scratch.directBypassesCache(),
                    IoBuffers.hugePageBacked(dmaBuffer),
                    startedAt,
                    elapsed,
                    WorkerStats.direction(stats, true, elapsed),
                    WorkerStats.direction(stats, false, elapsed),
                    samples,
                    checks.races(),
                    checks.cache(),
                    IoBuffers.physicalRuns(dmaBuffer),
                    CpuTime.self().minus(cpuAtStart),
                    WorkerStats.depths(stats),
                    WorkerStats.access(stats, job));
            RateCheck.check(r);
            ok = true;
            return r;
        } finally {
            // Threads go before their buffers: the arena must not close under a worker still in a syscall.
            if (!ok) {
                group.fail(arrived); // the group's other jobs stop too, and none waits for this one
            }
            abort.cancel();
            gate.countDown();
            Threads.joinAllUninterruptibly(threads);
            stopMutators(mutators, mutatorThreads);
            for (AutoCloseable h : helpers) {
                closeQuietly(h);
            }
            closeAll(targets);
        }
    }

    private void throwFirstFailure(WorkerStats[] stats) {
        for (WorkerStats s : stats) {
            if (s.failure != null) {
                throw new LiveFailure("job '" + job.name() + "' failed: " + describe(s.failure), s.failure);
            }
        }
    }

    private static long lastEnd(WorkerStats[] stats) {
        long end = 0;
        for (WorkerStats s : stats) {
            end = Math.max(end, s.endNanos);
        }
        return end;
    }

    private static long eagains(IoTarget[][] targets) {
        long n = 0;
        for (IoTarget[] ts : targets) {
            for (IoTarget t : ts) {
                n += t.eagains();
            }
        }
        return n;
    }

    /**
     * One buffer per slot of a worker's queue, carved from one mapping as fio carves its io_u buffers from one
     * allocation: with huge pages, a 32-deep queue of 64 KiB I/Os takes one 2 MiB page, as fio's does.
     */
    private MemorySegment[] slots(Arena arena, int depth, int alignment) {
        MemorySegment all = IoBuffers.allocate(arena, job.bs() * depth, job.iomem(), alignment);
        MemorySegment[] s = new MemorySegment[depth];
        for (int k = 0; k < depth; k++) {
            s[k] = all.asSlice(k * job.bs(), job.bs());
        }
        return s;
    }

    private String threadName(int w) {
        return "dio-lab-" + job.name() + "-w" + w;
    }

    private static <T extends AutoCloseable> T add(List<AutoCloseable> list, T t) {
        list.add(t);
        return t;
    }

    private static long stopMutators(List<Mutator> mutators, List<Thread> threads) {
        mutators.forEach(Mutator::stop);
        Threads.joinAllUninterruptibly(threads);
        long stores = 0;
        for (Mutator m : mutators) {
            stores += m.stores();
        }
        return stores;
    }

    private static void syncAll(IoTarget[][] targets) throws IOException {
        for (IoTarget[] ts : targets) {
            for (IoTarget t : ts) {
                t.sync();
            }
        }
    }

    private static void closeAll(IoTarget[][] targets) {
        for (IoTarget[] ts : targets) {
            for (int i = 0; i < ts.length; i++) {
                if (ts[i] != null) {
                    closeQuietly(ts[i]);
                    ts[i] = null;
                }
            }
        }
    }

    private static void closeQuietly(AutoCloseable c) {
        try {
            c.close();
        } catch (Exception e) {
            // closing after the measurement: nothing left to report it to
        }
    }

    private CacheResidency residency(Path[][] paths) throws IOException {
        CacheResidency sum = new CacheResidency(0, 0, "cachestat");
        java.util.Set<Path> seen = new java.util.HashSet<>(); // a shared file counts once
        for (Path[] ps : paths) {
            for (Path p : ps) {
                if (seen.add(p)) {
                    try (Fd f = ScratchFile.open(p, false, false)) {
                        sum = sum.plus(PageCache.residency(f));
                    }
                }
            }
        }
        return sum;
    }

    private RaceCounters verify(JobFiles files, DataPattern pattern) throws IOException {
        boolean wrote = job.rw().writes();
        Verifier.Checks checks = new Verifier.Checks(
                wrote && job.mirrors() > 1, wrote && job.csum() != CsumMode.NONE, wrote && job.verify());
        if (!checks.any()) {
            return RaceCounters.none();
        }
        long total = job.footprintBytes();
        return Verifier.verify(
                job,
                files.paths,
                files.tables,
                pattern,
                checks,
                scratch.alignment(),
                user,
                done -> listener.onProgress(new Progress(job.name(), Progress.Phase.VERIFY, done, total, 0, 0, 0)));
    }

    private static String describe(Throwable t) {
        return t.getMessage() == null ? t.toString() : t.getMessage();
    }
}
