package org.diolab.live.kernel.seed;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.diolab.live.job.JobSpec;
import org.diolab.live.job.ProgressListener;
import org.diolab.live.job.RunOptions;
import org.diolab.live.kernel.lab.LabFiles;
import org.diolab.live.kernel.lab.LabSession;
import org.diolab.live.kernel.lab.LabVolume;
import org.diolab.live.report.DirectionStats;
import org.diolab.live.report.JobResult;
import org.diolab.live.run.LiveEngine;
import org.diolab.live.scratch.ScratchCleanupException;
import org.diolab.live.scratch.ScratchDir;

/**
 * Makes the runs the chosen tables need, on the lab's volumes (loop direct I/O on, so the device is the disk under
 * the scratch directory, not its page cache): a btrfs on two images, first SINGLE (S000's reads and the 1 MiB writes,
 * each in a nodatasum (chattr +C) directory and a checksummed one), then unmounted for the raw device, then
 * re-formatted RAID1 on the same images; and an ext4 on one image for S002. The live engine runs each job in a
 * session of its own in the directory; that its files took the directory's NOCOW flag (or not) is checked, not
 * assumed.
 */
final class SeedBench {
    /** Receives what runs now and how far the whole is (0..1). */
    @FunctionalInterface
    interface Progress {
        void at(String step, double fraction);
    }

    private static final RunOptions OPTIONS = new RunOptions(Duration.ofMillis(500));

    private final LabSession lab;
    private final long size;
    private final Duration runtime;
    private final Progress progress;
    private final Map<Measurement, Measured> done = new EnumMap<>(Measurement.class);
    private int total;

    SeedBench(LabSession lab, long size, Duration runtime, Progress progress) {
        this.lab = lab;
        this.size = size;
        this.runtime = runtime;
        this.progress = progress;
    }

    Map<Measurement, Measured> run(Set<Measurement> needed) throws IOException {
        total = needed.size();
        if (needed.stream().anyMatch(m -> m.volume == Measurement.Volume.BTRFS)) {
            btrfs(needed);
        }
        if (needed.stream().anyMatch(m -> m.volume == Measurement.Volume.EXT4)) {
            ext4(needed);
        }
        return Map.copyOf(done);
    }

    private void btrfs(Set<Measurement> needed) throws IOException {
        LabVolume v = lab.volume(
                LabVolume.Spec.btrfs("seed", "single", 2, lab.imageBytes()).withLoopDirectIo());
        Path nodatasum = noCowDir(v.mountPoint().resolve("nodatasum"));
        Path datasum = Files.createDirectory(v.mountPoint().resolve("datasum"));
        String onNodatasum = "a nodatasum (chattr +C) file on " + v.describe();
        String onDatasum = "a checksummed file on " + v.describe();
        if (needed.contains(Measurement.S000_NODATASUM)) {
            live(
                    Measurement.S000_NODATASUM,
                    nodatasum,
                    true,
                    SeedJobs.s000("s000-nodatasum", size, runtime),
                    onNodatasum,
                    v.deviceNames());
        }
        if (needed.contains(Measurement.S000_DATASUM)) {
            live(
                    Measurement.S000_DATASUM,
                    datasum,
                    false,
                    SeedJobs.s000("s000-datasum", size, runtime),
                    onDatasum,
                    v.deviceNames());
        }
        if (needed.contains(Measurement.NODATASUM_WRITE)) {
            live(
                    Measurement.NODATASUM_WRITE,
                    nodatasum,
                    true,
                    SeedJobs.write1m("write-nodatasum", size, runtime),
                    onNodatasum,
                    v.deviceNames());
        }
        if (needed.contains(Measurement.DATASUM_WRITE)) {
            live(
                    Measurement.DATASUM_WRITE,
                    datasum,
                    false,
                    SeedJobs.write1m("write-datasum", size, runtime),
                    onDatasum,
                    v.deviceNames());
        }
        if (needed.contains(Measurement.RAW_DEVICE_WRITE)) {
            v.unmount(); // nothing of the lab's may be mounted from a device written raw
            String dev = v.deviceNames().getFirst();
            step(Measurement.RAW_DEVICE_WRITE, "1 MiB O_DIRECT writes to /dev/" + dev + " (raw)");
            RawDeviceWrite.Result w = RawDeviceWrite.run(
                    Path.of("/dev", dev),
                    size,
                    1L << 20,
                    JobSpec.builder().build().iomem(),
                    runtime,
                    lab.cancel());
            done.put(
                    Measurement.RAW_DEVICE_WRITE,
                    new Measured(
                            Measurement.RAW_DEVICE_WRITE,
                            String.format(
                                    java.util.Locale.ROOT,
                                    "pwrite bs=1m, one at a time, O_DIRECT, over the first %s, %.1f s (dd-style),"
                                            + " buffer of %s%s",
                                    org.diolab.live.job.FioUnits.formatSize(size),
                                    runtime.toMillis() / 1000.0,
                                    w.buffer(),
                                    w.requests()),
                            "the raw loop device /dev/" + dev + " (unmounted; loop direct I/O on)",
                            DirectionStats.none(),
                            w.write()));
        }
        if (needed.contains(Measurement.RAID1_NODATASUM_WRITE)) {
            progress.at("re-formatting the same images as btrfs RAID1", fraction());
            v.reformat("raid1");
            Path raid = noCowDir(v.mountPoint().resolve("nodatasum"));
            live(
                    Measurement.RAID1_NODATASUM_WRITE,
                    raid,
                    true,
                    SeedJobs.write1m("write-raid1-nodatasum", size, runtime),
                    "a nodatasum (chattr +C) file on " + v.describe(),
                    v.deviceNames());
        }
    }

    private void ext4(Set<Measurement> needed) throws IOException {
        LabVolume v =
                lab.volume(LabVolume.Spec.ext4("seed-ext4", lab.imageBytes()).withLoopDirectIo());
        Path dir = Files.createDirectory(v.mountPoint().resolve("s002"));
        // One session for every block size: the one file is laid out once and reused, as the seed's one testfile.
        try (ScratchDir session = LiveEngine.openSession(dir, false)) {
            for (Measurement m : Measurement.values()) {
                if (m.volume != Measurement.Volume.EXT4 || !needed.contains(m)) {
                    continue;
                }
                JobSpec job = SeedJobs.s002(
                        "s002-" + org.diolab.live.job.FioUnits.formatSize(m.s002BlockSize()),
                        m.s002BlockSize(),
                        size,
                        runtime);
                step(m, SeedJobs.describe(job));
                JobResult r = LiveEngine.run(session, job, OPTIONS, ProgressListener.NONE, lab.cancel());
                done.put(
                        m, new Measured(m, SeedJobs.describe(job), "one file on " + v.describe(), r.read(), r.write()));
            }
        } catch (ScratchCleanupException e) {
            throw new IOException("S002's runs finished, but " + e.getMessage(), e);
        }
    }

    /** Runs {@code job} in {@code dir}, in a session of its own, checking its files are NOCOW exactly when asked. */
    private void live(Measurement m, Path dir, boolean noCow, JobSpec job, String where, List<String> devices)
            throws IOException {
        step(m, SeedJobs.describe(job) + " on " + (noCow ? "nodatasum" : "checksummed") + " files");
        JobResult r;
        String requests;
        try (ScratchDir session = LiveEngine.openSession(dir, false)) {
            BlockStat before = BlockStat.of(devices);
            r = LiveEngine.run(session, job, OPTIONS, ProgressListener.NONE, lab.cancel());
            requests = job.rw().writes() ? BlockStat.of(devices).since(before, devices) : "";
            checkNoCow(dir, noCow, job.size());
        } catch (ScratchCleanupException e) {
            throw new IOException(m + " finished, but " + e.getMessage(), e);
        }
        String buffer = ", buffers of " + job.iomem().cliName() + requests;
        done.put(m, new Measured(m, SeedJobs.describe(job) + buffer, where, r.read(), r.write()));
    }

    private static Path noCowDir(Path dir) throws IOException {
        Files.createDirectory(dir);
        LabFiles.createEmpty(dir, true); // chattr +C on the directory: files created in it inherit NOCOW
        return dir;
    }

    /** The job's files are the session's files of its size (not its lock). */
    private static void checkNoCow(Path dir, boolean expected, long size) throws IOException {
        List<Path> files = new ArrayList<>();
        try (Stream<Path> s = Files.list(dir)) {
            for (Path p : s.toList()) {
                if (Files.isRegularFile(p) && Files.size(p) == size) {
                    files.add(p);
                }
            }
        }
        if (files.isEmpty()) {
            throw new IOException("found none of the job's files in " + dir + " to check their NOCOW flag");
        }
        for (Path f : files) {
            if (LabFiles.noCow(f) != expected) {
                throw new IOException(f.getFileName() + " is " + (expected ? "not " : "") + "NOCOW, but its directory"
                        + " should have made it " + (expected ? "nodatasum" : "checksummed"));
            }
        }
    }

    private void step(Measurement m, String what) {
        progress.at(what, fraction());
    }

    private double fraction() {
        return total == 0 ? 0 : (double) done.size() / total;
    }
}
