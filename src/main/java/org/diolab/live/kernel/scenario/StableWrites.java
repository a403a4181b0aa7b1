package org.diolab.live.kernel.scenario;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.diolab.live.kernel.evidence.BlockStack;
import org.diolab.live.kernel.lab.HostTools;
import org.diolab.live.kernel.lab.LabFiles;
import org.diolab.live.kernel.lab.LabVolume;
import org.diolab.sys.MountTable;

/**
 * Who sets stable writes on this machine: the stable_writes flag of every block device under the scratch directory
 * (partition, disk, device-mapper and md members) and of a loop device the lab attaches, and whether the filesystem
 * on it asks for stable pages. Where the flag is 0, folio_wait_stable() does not wait, so a buffered write may change
 * a page while it is being written back (S003's scenario B: md-raid1 mirrors can differ). The flag is writable in
 * sysfs for testing; the lab shows that on its own loop device only.
 */
final class StableWrites implements LabScenario {
    @Override
    public ScenarioResult run(ScenarioRun s) throws IOException {
        ResultBuilder r = new ResultBuilder(Scenario.STABLE_WRITES)
                .cite(Upstream.STABLE_WRITES_THREAD, Upstream.PER_INODE_STABLE_WRITES);
        Path dir = s.mount().orElse(s.dir()).toRealPath();
        MountTable.Mount m = MountTable.containing(MountTable.read(), dir)
                .orElseThrow(() -> new IOException("cannot find the mount of " + dir));
        List<BlockStack.Device> devices = new ArrayList<>(BlockStack.under(m));
        r.setup(dir + " is on " + m.fsType() + " from " + m.source());
        if (!s.onUserMount()) {
            s.progress("attaching a loop device of the lab's own", 0.3);
            boolean btrfs =
                    HostTools.kernelHas("btrfs") && s.tools().mkfsBtrfs().isPresent();
            LabVolume v = s.volume(
                    btrfs
                            ? LabVolume.Spec.btrfs("stable", "single", 1, s.imageBytes())
                            : LabVolume.Spec.ext4("stable", s.imageBytes()));
            r.setup(v.describe());
            String loop = v.deviceNames().getFirst();
            devices.add(BlockStack.of(loop));
            v.sysfs()
                    .map(p -> BlockStack.readInt(p.resolve("bdi/stable_pages_required")))
                    .ifPresent(x -> r.measure(
                            "lab_btrfs_stable_pages_required", "the lab's btrfs asks for stable pages (bdi)", (long)
                                    x));
            showWritable(s, r, v, loop);
            rewrites(s, r, v, btrfs);
        }
        int set = 0;
        for (BlockStack.Device d : devices) {
            r.fact(
                    "stable_writes_" + d.name().replaceAll("[^a-z0-9]", "_"),
                    d.name() + " (" + d.role() + ")"
                            + (d.integrity().isEmpty() || d.integrity().equals("none")
                                    ? ""
                                    : ", integrity " + d.integrity()),
                    d.stableWrites() < 0 ? "no queue" : Long.valueOf(d.stableWrites()));
            set += d.stableWrites() == 1 ? 1 : 0;
        }
        if (!Files.exists(Path.of("/proc/mdstat"))) {
            r.limit("this kernel has no md driver (no /proc/mdstat): md-raid1 without stable writes, S003's scenario"
                    + " B, cannot be built here");
        }
        List<String> names = devices.stream()
                .filter(d -> d.stableWrites() >= 0)
                .map(d -> d.name() + "=" + d.stableWrites())
                .toList();
        String verdict = set == 0
                ? String.format(
                        Locale.ROOT,
                        "none of the %d device queue(s) here asks for stable writes (%s):"
                                + " folio_wait_stable() does not wait on them, so on XFS or ext4 a buffered write may change a"
                                + " page under writeback (btrfs decides per inode, ecde48a1a6b3, and holds writers back in"
                                + " other ways too: see buffered-divergence)",
                        names.size(),
                        String.join(", ", names))
                : String.format(
                        Locale.ROOT,
                        "%d of %d device queue(s) ask for stable writes (%s): there, XFS and ext4"
                                + " wait for writeback before a page changes",
                        set,
                        names.size(),
                        String.join(", ", names));
        return r.build(Outcome.MEASURED, verdict, set == 0 ? "no stable writes" : "stable writes on " + set);
    }

    /**
     * Buffered rewrites of a file while a second lab thread keeps writing it back (fdatasync in a loop): where the
     * file's folios must stay stable during writeback (btrfs asks for that per inode, for files with data
     * checksums), the writer waits for each one under writeback, which the trace shows as folio_wait_writeback;
     * where not (a nodatasum file, or no stable pages), it changes them while the device reads them.
     */
    private static void rewrites(ScenarioRun s, ResultBuilder r, LabVolume v, boolean btrfs) throws IOException {
        long size = Math.min(s.size(), 16L << 20);
        List<String> kinds = btrfs ? List.of("datasum", "nodatasum") : List.of("plain");
        for (int i = 0; i < kinds.size(); i++) {
            String kind = kinds.get(i);
            String who = switch (kind) {
                case "datasum" -> "checksummed file";
                case "nodatasum" -> "nodatasum file";
                default -> "file";
            };
            s.progress("buffered rewrites of a " + who + " under writeback", 0.5 + 0.4 * i / kinds.size());
            Path f = LabFiles.create(v.newFile(kind), size, kind.equals("nodatasum"), s.cancel());
            IoLoop.Counts c;
            long syncs;
            try (Arena arena = Arena.ofShared();
                    Flusher flusher = Flusher.start(f)) {
                MemorySegment buf = IoLoop.buffer(arena, 64 << 10);
                buf.fill((byte) 0x5a);
                c = IoLoop.writes(f, buf, size, s.controlTime(), false, s.cancel());
                flusher.close();
                syncs = flusher.syncs();
                if (!flusher.failure().isEmpty()) {
                    r.limit("flushing the " + who + " failed: " + flusher.failure());
                }
            }
            s.cancel().throwIfCancelled();
            r.measure(kind + "_rewrites", who + ": buffered rewrites under writeback", c.ios())
                    .measure(kind + "_rewrite_p99_us", who + ": rewrite p99, µs", c.p99Nanos() / 1000)
                    .measure(kind + "_rewrite_max_us", who + ": slowest rewrite, µs", c.maxNanos() / 1000)
                    .measure(kind + "_flushes", who + ": fdatasync calls meanwhile", syncs);
        }
        r.setup(String.format(
                Locale.ROOT,
                "buffered 64 KiB rewrites of a %d MiB file for %.1f s while a second thread keeps calling fdatasync on"
                        + " it%s",
                size >> 20,
                s.controlTime().toMillis() / 1000.0,
                btrfs ? ", a checksummed file and a nodatasum one" : ""));
        r.limit("whether a rewrite waited for writeback (folio_wait_writeback) shows in the kernel's trace"
                + " (--trace), not in these numbers");
    }

    /**
     * Sets stable_writes to 1 on the lab's own loop device, reads it back, and puts back the value it had. The loop
     * device keeps the flag after it is detached, so the setting goes through the volume, which records the old value
     * first and puts it back at the teardown, however the run ends (or the next run's sweep, after a kill).
     */
    private static void showWritable(ScenarioRun s, ResultBuilder r, LabVolume v, String loop) {
        Path flag = Path.of("/sys/block", loop, "queue/stable_writes");
        int before = BlockStack.readInt(flag);
        try {
            s.setQueueKnob(v, "stable_writes", "1");
            int back = BlockStack.readInt(flag);
            s.setQueueKnob(v, "stable_writes", Integer.toString(before));
            r.fact("loop_stable_writes_writable", loop + ": stable_writes set to 1 for testing, read back", (long)
                    back);
            r.fact("loop_stable_writes_put_back", loop + ": stable_writes put back to the value found", (long)
                    BlockStack.readInt(flag));
        } catch (IOException e) {
            r.limit("could not set stable_writes on " + loop + " for testing: " + e.getMessage());
        }
    }
}
