package org.diolab.live.run;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import org.diolab.live.job.CancelToken;
import org.diolab.live.job.CsumMode;
import org.diolab.live.job.FioUnits;
import org.diolab.live.job.JobSpec;
import org.diolab.live.job.LiveFailure;
import org.diolab.live.job.LiveRefusal;
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

/**
 * Runs one job in an open scratch session: checks, layout, the measured run (workers, mirror legs, checksum
 * threads, mutators, bandwidth sampling), then the after-run checks. Every thread and buffer it starts is stopped
 * and freed before it returns or throws; the files stay with the session, which deletes them when closed.
 */
final class JobRunner {
    private final ScratchDir scratch;
    private final JobSpec job;
    private final RunOptions options;
    private final ProgressListener listener;
    private final CancelToken user;
    private final CancelToken abort = new CancelToken();

    private JobRunner(
            ScratchDir scratch, JobSpec job, RunOptions options, ProgressListener listener, CancelToken user) {
        this.scratch = scratch;
        this.job = job;
        this.options = options;
        this.listener = listener;
        this.user = user;
    }

    static JobResult run(
            ScratchDir scratch, JobSpec job, RunOptions options, ProgressListener listener, CancelToken cancel)
            throws IOException {
        cancel.throwIfCancelled();
        if (job.mode().usesODirect() && job.bs() % scratch.alignment() != 0) {
            throw LiveRefusal.badOption("bs " + FioUnits.formatSize(job.bs()) + " is not a multiple of "
                    + scratch.alignment() + ", the block size O_DIRECT needs on " + scratch.dir()
                    + "; use a multiple of it");
        }
        MemoryBudget.check(job); // before any buffer is touched or file laid out
        FlagProbe.check(scratch, job);
        return new JobRunner(scratch, job, options, listener, cancel).execute();
    }

    private JobResult execute() throws IOException {
        CpuTime cpuAtStart = CpuTime.self();
        Environment machine = EnvironmentProbe.probe(scratch.dir());
        int n = job.numjobs();
        int alignment = scratch.alignment();
        IoTarget[][] targets = new IoTarget[n][job.mirrors()];
        List<AutoCloseable> helpers = new ArrayList<>();
        List<Mutator> mutators = new ArrayList<>();
        List<Thread> mutatorThreads = new ArrayList<>();
        List<Thread> threads = new ArrayList<>();
        CountDownLatch gate = new CountDownLatch(1);
        try (Arena arena = Arena.ofShared()) {
            DataPattern pattern = new DataPattern(arena, job.bs(), job.randseed());
            JobFiles files = JobFiles.prepare(scratch, job, pattern, listener, user);
            user.throwIfCancelled();

            WorkerStats[] stats = new WorkerStats[n];
            Worker[] workers = new Worker[n];
            List<MemorySegment> userBuffers = new ArrayList<>();
            MemorySegment dmaBuffer = null; // the first worker's buffer the device reads or fills
            Worker.Clock clock = new Worker.Clock();
            CountDownLatch done = new CountDownLatch(n);
            for (int w = 0; w < n; w++) {
                for (int m = 0; m < job.mirrors(); m++) {
                    targets[w][m] = IoTarget.open(files.paths[w][m], job.mode(), job.nowait());
                }
                MemorySegment userBuf = IoBuffers.allocate(arena, job.bs(), job.iomem(), alignment);
                pattern.fill(userBuf);
                userBuffers.add(userBuf);
                MemorySegment bounce =
                        job.mode() == Mode.BOUNCE ? IoBuffers.allocate(arena, job.bs(), job.iomem(), alignment) : null;
                MemorySegment cached = job.csum() != CsumMode.NONE
                                && !job.mode().usesODirect()
                                && job.rw().writes()
                        ? IoBuffers.allocate(arena, job.bs(), job.iomem(), alignment)
                        : null;
                dmaBuffer = dmaBuffer != null ? dmaBuffer : bounce != null ? bounce : userBuf;
                MirrorLegs legs = job.mirrors() > 1 ? add(helpers, new MirrorLegs(targets[w], threadName(w))) : null;
                AsyncChecksummer async = job.csum() == CsumMode.ASYNC
                        ? add(helpers, new AsyncChecksummer(job.csumImpl(), threadName(w) + "-csum"))
                        : null;
                stats[w] = new WorkerStats();
                workers[w] = new Worker(
                        new Worker.Setup(
                                job, w, targets[w], userBuf, bounce, cached, pattern, files.tables[w], legs, async),
                        stats[w],
                        clock,
                        gate,
                        done,
                        user,
                        abort);
            }
            for (int i = 0; i < job.mutators(); i++) {
                Mutator mu = new Mutator(userBuffers);
                mutators.add(mu);
                mutatorThreads.add(Threads.startDaemon("dio-lab-" + job.name() + "-mutator" + i, mu));
            }
            for (Mutator mu : mutators) {
                Threads.awaitUninterruptibly(mu::awaitStoring);
            }
            for (int w = 0; w < n; w++) {
                threads.add(Threads.startDaemon(threadName(w), workers[w]));
            }
            Instant startedAt = Instant.now();
            clock.timeBased = job.timeBased();
            clock.startNanos = System.nanoTime();
            clock.deadlineNanos = clock.startNanos + job.runtime().toNanos();
            gate.countDown();
            List<BandwidthSample> samples =
                    new BandwidthSampler(job, options, listener, user).sampleUntilDone(stats, clock.startNanos, done);
            Threads.joinAllUninterruptibly(threads);
            long mutatorStores = stopMutators(mutators, mutatorThreads);
            for (WorkerStats s : stats) {
                if (s.failure != null) {
                    throw new LiveFailure("job '" + job.name() + "' failed: " + describe(s.failure), s.failure);
                }
            }
            user.throwIfCancelled();
            files.afterRun(scratch, job);
            long end = 0;
            for (WorkerStats s : stats) {
                end = Math.max(end, s.endNanos);
            }
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
            long eagains = 0;
            for (IoTarget[] ts : targets) {
                for (IoTarget t : ts) {
                    eagains += t.eagains();
                }
            }
            closeAll(targets);
            CacheResidency cache = residency(files.paths);
            RaceCounters races =
                    WorkerStats.raceCounters(stats, mutatorStores, eagains).plus(verify(files, pattern));
            return new JobResult(
                    job,
                    machine,
                    scratch.dir().toString(),
                    alignment,
                    scratch.directBypassesCache(),
                    IoBuffers.hugePageBacked(dmaBuffer),
                    startedAt,
                    elapsed,
                    WorkerStats.direction(stats, true, elapsed),
                    WorkerStats.direction(stats, false, elapsed),
                    samples,
                    races,
                    cache,
                    IoBuffers.physicalRuns(dmaBuffer),
                    CpuTime.self().minus(cpuAtStart));
        } finally {
            // Threads go before their buffers: the arena must not close under a worker still in a syscall.
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
