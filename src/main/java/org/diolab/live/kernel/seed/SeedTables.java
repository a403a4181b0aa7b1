package org.diolab.live.kernel.seed;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.diolab.live.job.CancelToken;
import org.diolab.live.job.FioUnits;
import org.diolab.live.job.LiveFailure;
import org.diolab.live.job.LiveRefusal;
import org.diolab.live.kernel.KernelLab;
import org.diolab.live.kernel.KernelLabFailure;
import org.diolab.live.kernel.lab.HostTools;
import org.diolab.live.kernel.lab.KernelLabRefusal;
import org.diolab.live.kernel.lab.LabOwnership;
import org.diolab.live.kernel.lab.LabSession;
import org.diolab.live.kernel.lab.Teardown;
import org.diolab.live.probe.Environment;
import org.diolab.live.probe.EnvironmentProbe;
import org.diolab.live.scratch.DirHandle;
import org.diolab.live.scratch.ScratchPlace;
import org.diolab.live.scratch.SweepReport;

/**
 * {@code kernel-lab seed-tables}' front door: runs each chosen seed's own workload on volumes the lab builds and
 * returns the seed's tables beside this kernel's numbers.
 *
 * <pre>{@code
 * CancelToken cancel = new CancelToken();   // cancel.cancel() from any thread stops it, torn down
 * SeedTablesReport r = SeedTables.run(new SeedTablesRequest(List.of("S000"), Path.of("/var/tmp/lab"),
 *         256L << 20, Duration.ofSeconds(3), true), (step, f) -> { }, cancel);
 * r.table("S000", "MiB/s").get().rows();    // each row: the seed's ratio and this kernel's
 * }</pre>
 *
 * Refuses ({@link KernelLabRefusal}) before creating anything; everything it builds (images, loop devices, mounts,
 * listed in the run's lock in the directory) is torn down before it returns or throws, cancelled included (and by
 * the next lab run's sweep after a kill).
 */
public final class SeedTables {
    /** Receives what runs now and how far the whole is (0..1). */
    @FunctionalInterface
    public interface Progress {
        void at(String step, double fraction);
    }

    private SeedTables() {}

    /** The tables of {@code seeds}, in order (S002 has three). */
    public static List<SeedTable> tables(List<String> seeds) {
        return seeds.stream().flatMap(s -> SeedCatalog.of(s).stream()).toList();
    }

    public static SeedTablesReport run(SeedTablesRequest req, Progress progress, CancelToken cancel) {
        Optional<String> cannot = KernelLab.unavailableReason();
        if (cannot.isPresent()) {
            String why = cannot.get();
            KernelLabRefusal.Reason reason = why.contains("needs root")
                    ? KernelLabRefusal.Reason.NOT_ROOT
                    : why.contains("loop devices")
                            ? KernelLabRefusal.Reason.NO_LOOP_DEVICES
                            : why.contains("no btrfs")
                                    ? KernelLabRefusal.Reason.NO_BTRFS
                                    : KernelLabRefusal.Reason.MISSING_TOOL;
            throw new KernelLabRefusal(reason, why + "; seed-tables builds its volumes on loop devices of its own");
        }
        Path dir;
        try {
            dir = ScratchPlace.resolve(req.dir(), ScratchPlace.Use.LAB_IMAGES);
        } catch (LiveRefusal e) {
            throw new KernelLabRefusal(KernelLabRefusal.Reason.BAD_DIRECTORY, e.getMessage());
        }
        try {
            checkRoom(req, dir);
            return runIn(req, dir, progress, cancel);
        } catch (IOException | LiveFailure | LiveRefusal e) {
            throw new KernelLabFailure("seed-tables failed: " + e.getMessage(), e);
        }
    }

    private static SeedTablesReport runIn(SeedTablesRequest req, Path dir, Progress progress, CancelToken cancel)
            throws IOException {
        KernelFacts kernel = KernelFacts.current();
        List<SeedTable> tables = tables(req.seeds());
        Set<Measurement> needed = SeedComparison.needed(tables, kernel);
        HostTools tools = HostTools.locate();
        Instant started = Instant.now();
        List<String> leftBehind = new ArrayList<>();
        List<String> swept = new ArrayList<>();
        Map<Measurement, Measured> runs;
        List<String> tornDown;
        try (DirHandle handle = DirHandle.open(dir)) {
            if (req.sweep()) {
                swept.addAll(sweep(handle, tools));
            }
            LabOwnership own = LabOwnership.claim(handle, tools, true);
            double[] at = {0};
            LabSession session = new LabSession(
                    own, tools, Optional.empty(), req.imageBytes(), cancel, step -> progress.at(step, at[0]));
            try {
                runs = new SeedBench(session, req.size(), req.runtime(), (step, f) -> {
                            at[0] = f;
                            progress.at(step, f);
                        })
                        .run(needed);
            } finally {
                try {
                    session.closeVolumes();
                } catch (IOException e) {
                    leftBehind.add(e.getMessage());
                }
                try {
                    Teardown.Report last = own.release(); // retries whatever the volumes' teardown could not undo
                    leftBehind.clear();
                    leftBehind.addAll(last.problems());
                } catch (IOException e) {
                    leftBehind.add(e.getMessage());
                }
            }
            tornDown = session.tornDown();
        }
        cancel.throwIfCancelled();
        progress.at("done", 1);
        Environment machine = EnvironmentProbe.probe(dir);
        return new SeedTablesReport(
                kernel.release(),
                machine,
                started,
                scaling(req),
                caveats(machine),
                SeedComparison.compare(tables, runs, kernel),
                runs.values().stream()
                        .sorted(java.util.Comparator.comparing(Measured::measurement))
                        .toList(),
                swept,
                tornDown,
                leftBehind);
    }

    static String scaling(SeedTablesRequest req) {
        return String.format(
                Locale.ROOT,
                "Scaled to this machine: each test file %s (the seeds: 4 GiB for S000 and S003, 20 GiB for S002, 7"
                        + " GiB for S004) and %.1f s per run, time-based (the seeds: 60 s, one 4 GiB pass, 600 s, one"
                        + " 7 GiB pass); each run once, on loop devices with loop direct I/O on over the disk under the"
                        + " scratch directory.",
                FioUnits.formatSize(req.size()),
                req.runtime().toMillis() / 1000.0);
    }

    private static List<String> caveats(Environment machine) {
        List<String> out = new ArrayList<>();
        String disk = machine.filesystem() == null || machine.filesystem().device() == null
                ? machine.filesystem() == null
                        ? "the scratch directory's disk"
                        : machine.filesystem().source()
                : machine.filesystem().device().name()
                        + (machine.filesystem().device().model() == null
                                        || machine.filesystem().device().model().isBlank()
                                        || machine.filesystem().device().model().equals("unknown")
                                ? ""
                                : " (" + machine.filesystem().device().model() + ")");
        out.add("Loop devices over " + disk + " are not the seeds' NVMe SSDs: compare ratios, not values.");
        out.add("One run per row, on whatever else this machine was doing (load average " + loadAverage()
                + " at the end); the seeds' were single runs too.");
        out.add("This kernel has one path where a seed compared two kernels: S002's w/ and w/o rows share one run"
                + " here, and a patched row this kernel does not carry says so.");
        return out;
    }

    private static String loadAverage() {
        try {
            return Files.readString(Path.of("/proc/loadavg")).split(" ")[0];
        } catch (IOException | ArrayIndexOutOfBoundsException e) {
            return "unknown";
        }
    }

    private static List<String> sweep(DirHandle dir, HostTools tools) throws IOException {
        List<String> problems = new ArrayList<>();
        SweepReport r = LabOwnership.sweep(dir, tools, problems);
        List<String> out = new ArrayList<>(r.undone());
        r.removed().stream()
                .filter(x -> !x.lockFile())
                .forEach(x -> out.add("removed " + x.name() + ", left by an ended run"));
        problems.forEach(p -> out.add("left in place, from an ended run: " + p));
        return out;
    }

    private static void checkRoom(SeedTablesRequest req, Path dir) throws IOException {
        long need = 3 * req.size() + (1L << 30);
        long free = Files.getFileStore(dir).getUsableSpace();
        if (free < need) {
            throw new KernelLabRefusal(
                    KernelLabRefusal.Reason.BAD_DIRECTORY,
                    dir + " has " + (free >> 20) + " MiB free; seed-tables needs about " + (need >> 20)
                            + " MiB: pick a --dir with more room or a smaller --size");
        }
    }
}
