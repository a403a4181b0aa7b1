package org.diolab.live.kernel.scenario;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import org.diolab.live.job.JobSpec;
import org.diolab.live.job.LiveFailure;
import org.diolab.live.job.LiveRefusal;
import org.diolab.live.job.Mode;
import org.diolab.live.job.RunOptions;
import org.diolab.live.job.RwPattern;
import org.diolab.live.kernel.evidence.BlockStack;
import org.diolab.live.kernel.lab.LabVolume;
import org.diolab.live.report.JobResult;
import org.diolab.live.run.LiveEngine;
import org.diolab.live.scratch.ScratchCleanupException;
import org.diolab.live.scratch.ScratchDir;
import org.diolab.sys.MountTable;

/**
 * S002 on the running kernel: 8 threads of synchronous random 50/50 direct reads and writes, 4 KiB, on one shared
 * file on ext4 (the live engine's {@code --shared-file}), against the same threads on a file each. Under the
 * parallel-DIO-reads code (16c54688592c) that S002's 2019 revert targets, a writer took i_rwsem exclusive and waited
 * for every in-flight reader while new readers queued behind it, and the shared file ran 3.8x slower. Today DIO reads
 * still hold i_rwsem shared (ext4_dio_read_iter(), since 5.5), but overwrites of allocated, aligned blocks within
 * i_size take it shared too (aa9714d0e397, bc6385dab125), so neither waits for the other and the shared file should
 * keep up. Runs on the scratch directory's own ext4, or on an ext4 loop image when the scratch directory is not on
 * ext4.
 */
final class Ext4Convoy implements LabScenario {
    private static final int THREADS = 8;

    @Override
    public ScenarioResult run(ScenarioRun s) throws IOException {
        ResultBuilder r = new ResultBuilder(Scenario.EXT4_CONVOY);
        Path scratch = s.dir().toRealPath();
        MountTable.Mount m = MountTable.containing(MountTable.read(), scratch)
                .orElseThrow(() -> new IOException("cannot find the mount of " + scratch));
        Path dir = scratch;
        if (m.fsType().equals("ext4")) {
            r.setup("the scratch directory's own ext4 (" + m.source() + ")");
        } else {
            if (s.tools().mkfsExt4().isEmpty()) {
                return ScenarioResult.skipped(
                        Scenario.EXT4_CONVOY,
                        scratch + " is on " + m.fsType() + " and"
                                + " mkfs.ext4 is not installed to build an ext4 image (apt-get install e2fsprogs)");
            }
            LabVolume v = s.volume(LabVolume.Spec.ext4("ext4", s.imageBytes()).withLoopDirectIo());
            Path mp = v.mountPoint();
            dir = mp;
            m = MountTable.topAt(MountTable.read(), mp).orElseThrow(() -> new IOException(mp + " is not mounted"));
            r.setup(v.describe());
        }
        String options = BlockStack.read(Path.of(
                        "/proc/fs/ext4", Path.of(m.source()).getFileName().toString(), "options"))
                .orElse("")
                .replace('\n', ' ');
        boolean nolock = List.of(options.split(" ")).contains("dioread_nolock");
        r.fact(
                "dioread_nolock",
                "ext4 mounted with dioread_nolock (from /proc/fs/ext4)",
                options.isEmpty() ? "unknown" : Boolean.valueOf(nolock));
        long size = s.size();
        Duration t = s.runtime();
        r.setup(String.format(
                Locale.ROOT,
                "fio-like randrw 50/50, 4 KiB, psync, %d threads, %.1f s each: one shared"
                        + " %d MiB file (bench --shared-file) vs %d MiB files, one per thread",
                THREADS,
                t.toMillis() / 1000.0,
                size >> 20,
                (size / THREADS) >> 20));
        s.progress("8 threads on one shared file", 0.05);
        RaceTracer.current().begin("live-engine workers"); // the race's threads are the live engine's: no IoLoop here
        JobResult shared = job(s, dir, "convoy-shared", size, true, 0.05);
        s.progress("8 threads, a file each", 0.5);
        JobResult own = job(s, dir, "convoy-per-thread", size / THREADS, false, 0.5);
        add(r, "shared", "one shared file", shared);
        add(r, "per_thread", "a file per thread", own);
        double ratio = own.totalBytesPerSecond() == 0 ? 0 : shared.totalBytesPerSecond() / own.totalBytesPerSecond();
        r.measure("shared_vs_per_thread", "bandwidth, shared file / file per thread", ratio);
        r.limit("one run of each on whatever else this machine is doing; S002's ratios come from an NVMe drive");
        r.cite(Upstream.PARALLEL_DIO_READS, Upstream.DIOREAD_NOLOCK_DEFAULT, Upstream.SHARED_DIO_WRITES);
        String numbers = String.format(
                Locale.ROOT,
                "one shared file ran at %.2fx the bandwidth of a file per thread"
                        + " (%.1f vs %.1f MiB/s; write p99 %,d vs %,d µs)",
                ratio,
                shared.totalBytesPerSecond() / (1 << 20),
                own.totalBytesPerSecond() / (1 << 20),
                shared.write().clat().p99() / 1000,
                own.write().clat().p99() / 1000);
        if (ratio < 0.5) {
            return r.build(
                    Outcome.PRESENT,
                    numbers + ": the threads queue at the shared inode's lock (S002 saw 3.8x"
                            + " at 4k with 16c54688592c)",
                    "i_rwsem convoy");
        }
        if (ratio >= 0.8 && nolock) {
            return r.build(
                    Outcome.PREVENTED,
                    numbers + ": no convoy; direct reads hold i_rwsem shared and these overwrites of allocated,"
                            + " aligned blocks within the file take it shared too (aa9714d0e397), so neither waits for"
                            + " the other",
                    "shared i_rwsem");
        }
        return r.build(Outcome.MEASURED, numbers, nolock ? "dioread_nolock" : "");
    }

    private static JobResult job(ScenarioRun s, Path dir, String name, long size, boolean sharedFile, double at)
            throws IOException {
        JobSpec job = JobSpec.builder()
                .name(name)
                .rw(RwPattern.RANDRW)
                .rwmixread(50)
                .bs(4096)
                .size(size)
                .runtime(s.runtime())
                .numjobs(THREADS)
                .mode(Mode.DIRECT)
                .sharedFile(sharedFile)
                .build();
        // No sweep here: the lab swept the directory once at its start (or was told not to, --no-sweep).
        try (ScratchDir session = LiveEngine.openSession(dir, false)) {
            return LiveEngine.run(
                    session,
                    job,
                    RunOptions.defaults(),
                    p -> s.progress(name + ": " + p.phase().name().toLowerCase(Locale.ROOT), at + 0.45 * p.fraction()),
                    s.cancel());
        } catch (LiveFailure | LiveRefusal | ScratchCleanupException e) {
            throw new IOException(name + ": " + e.getMessage(), e);
        }
    }

    private static void add(ResultBuilder r, String key, String label, JobResult j) {
        r.measure(key + "_read_mib_per_s", label + ": read MiB/s", j.read().mibPerSecond())
                .measure(
                        key + "_write_mib_per_s",
                        label + ": write MiB/s",
                        j.write().mibPerSecond())
                .measure(
                        key + "_iops",
                        label + ": IOPS",
                        j.read().iops() + j.write().iops())
                .measure(
                        key + "_read_p99_us",
                        label + ": read p99, µs",
                        j.read().clat().p99() / 1000)
                .measure(
                        key + "_write_p99_us",
                        label + ": write p99, µs",
                        j.write().clat().p99() / 1000);
    }
}
