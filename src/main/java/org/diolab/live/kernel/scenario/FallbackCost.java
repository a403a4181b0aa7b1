package org.diolab.live.kernel.scenario;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Locale;
import org.diolab.live.kernel.lab.LabFiles;
import org.diolab.live.kernel.lab.LabVolume;

/**
 * The price of one copy on this machine: O_DIRECT and buffered writes of a nodatasum file, each pass ending with an
 * fsync so every byte reaches the device, on a SINGLE btrfs and then on a RAID1 btrfs built on the same two images
 * (loop direct I/O on, so the device is the disk under the scratch directory, not its page cache). On a kernel with
 * 7c2830f00c3e, RAID1's "direct" writes are buffered ones, so they cost what buffered writes cost; zero-copy RAID1
 * cannot be measured there, and the verdict says so.
 */
final class FallbackCost implements LabScenario {
    private static final long IO = 1 << 20;

    /** One profile's two runs. */
    private record Pair(String profile, WriteProbe.Result direct, WriteProbe.Result buffered) {}

    @Override
    public ScenarioResult run(ScenarioRun s) throws IOException {
        ResultBuilder r = new ResultBuilder(Scenario.FALLBACK_COST);
        LabVolume v = s.volume(
                LabVolume.Spec.btrfs("cost", "single", 2, s.imageBytes()).withLoopDirectIo());
        int mark = s.log().mark();
        Pair single = measure(s, v, "single", 0.0);
        r.setup(v.describe());
        s.progress("re-formatting the same images as RAID1", 0.5);
        v.reformat("raid1");
        Pair raid1 = measure(s, v, "raid1", 0.5);
        r.setup(v.describe());
        r.setup(String.format(
                Locale.ROOT,
                "1 MiB writes of a %d MiB nodatasum file, %.1f s per case, each pass over"
                        + " the file ends with fsync (timed); one untimed pass first lays the file out",
                s.size() >> 20,
                s.runtime().toMillis() / 1000.0));
        for (Pair p : new Pair[] {single, raid1}) {
            String name = p.profile().toUpperCase(Locale.ROOT);
            p.direct().addTo(r, p.profile() + "_direct", name + " O_DIRECT");
            p.buffered().addTo(r, p.profile() + "_buffered", name + " buffered");
        }
        r.log(s.log().since(mark, v.deviceNames()), s.log()).cite(Upstream.DUPLICATION_FALLBACK);
        double sd = single.direct().writes().mibPerSecond();
        double sb = single.buffered().writes().mibPerSecond();
        double rd = raid1.direct().writes().mibPerSecond();
        double rb = raid1.buffered().writes().mibPerSecond();
        r.measure("page_cache_cost_pct", "SINGLE: buffered vs O_DIRECT, % slower", sd == 0 ? 0 : 100 * (1 - sb / sd))
                .measure(
                        "raid1_vs_single_direct_pct",
                        "O_DIRECT: RAID1 vs SINGLE, % slower",
                        sd == 0 ? 0 : 100 * (1 - rd / sd));
        WriteProbe.Mechanism raidWay = raid1.direct().mechanism();
        if (raidWay == WriteProbe.Mechanism.BUFFERED) {
            r.limit("RAID1 zero-copy cannot be measured on this kernel: its O_DIRECT writes on RAID1 are buffered");
        }
        r.limit("one run per case on whatever else this machine is doing; RAID1 also writes every byte twice");
        return r.build(
                Outcome.MEASURED,
                String.format(
                        Locale.ROOT,
                        "O_DIRECT writes ran at %.0f MiB/s on SINGLE"
                                + " (%s) and %.0f MiB/s on RAID1 (%s); buffered writes at %.0f and %.0f MiB/s. Going through"
                                + " the page cache cost %.0f%% on SINGLE here, and RAID1's direct writes run at %.2fx its"
                                + " buffered ones",
                        sd,
                        single.direct().mechanism().label,
                        rd,
                        raidWay.label,
                        sb,
                        rb,
                        sd == 0 ? 0 : 100 * (1 - sb / sd),
                        rb == 0 ? 0 : rd / rb),
                raidWay == WriteProbe.Mechanism.BUFFERED ? "buffered fallback on RAID1" : raidWay.label);
    }

    private static Pair measure(ScenarioRun s, LabVolume v, String profile, double at) throws IOException {
        String name = profile.toUpperCase(Locale.ROOT);
        long size = s.size();
        s.progress(name + ": laying out the file", at + 0.05);
        Path f = LabFiles.create(v.newFile("nodatasum"), size, true, s.cancel()); // the timed passes overwrite
        s.progress(name + ": O_DIRECT writes", at + 0.1);
        WriteProbe.Result direct = WriteProbe.run(s, f, size, IO, s.runtime(), true, false, true);
        s.cancel().throwIfCancelled();
        s.progress(name + ": buffered writes", at + 0.3);
        WriteProbe.Result buffered = WriteProbe.run(s, f, size, IO, s.runtime(), false, false, true);
        s.cancel().throwIfCancelled();
        return new Pair(profile, direct, buffered);
    }
}
