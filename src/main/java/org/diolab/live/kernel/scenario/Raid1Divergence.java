package org.diolab.live.kernel.scenario;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.diolab.live.kernel.evidence.LegDigests;
import org.diolab.live.kernel.lab.BtrfsPlace;
import org.diolab.live.kernel.lab.LabFiles;
import org.diolab.live.kernel.lab.LabVolume;

/**
 * S003's scenario A on the running kernel: O_DIRECT writes to a nodatasum file on btrfs RAID1 (and RAID1C3) while a
 * thread rewrites the buffer. With zero-copy writes every leg's DMA reads the buffer when it runs, so the legs can
 * get different versions of a block and nothing notices. After the writes each leg is mounted alone (read-only,
 * degraded, the others forgotten) and every block compared. The writes are watched too (page cache, pins), and the
 * same writes on a SINGLE btrfs are the control that shows what a direct write looks like here.
 */
final class Raid1Divergence implements LabScenario {
    private static final long IO = 64 << 10;
    private static final int EXAMPLES = 3;

    /** One profile's run: how the writes went, and how many blocks the legs disagree on. */
    private record Case(
            String profile,
            WriteProbe.Result probe,
            int blocks,
            List<Integer> differing,
            List<String> examples,
            int legs) {}

    @Override
    public ScenarioResult run(ScenarioRun s) throws IOException {
        ResultBuilder r = new ResultBuilder(Scenario.RAID1_DIVERGENCE);
        List<Case> cases = new ArrayList<>();
        int mark = s.log().mark();
        List<String> devices = new ArrayList<>();
        cases.add(mirrored(s, r, "raid1", 2, 0.0, devices));
        if (Files.exists(Path.of("/sys/fs/btrfs/features/raid1c34"))) {
            cases.add(mirrored(s, r, "raid1c3", 3, 0.4, devices));
        } else {
            r.limit("RAID1C3 is not supported by this kernel (no /sys/fs/btrfs/features/raid1c34; it came with the"
                    + " btrfs pull for 5.5, \"btrfs: add incompat for raid1 with 3, 4 copies\")");
        }
        s.progress("control: the same writes on SINGLE", 0.8);
        BtrfsPlace single = s.btrfs("single", "single", 1);
        devices.addAll(single.devices());
        Path f = LabFiles.createEmpty(single.newFile("nodatasum"), true);
        WriteProbe.Result control = WriteProbe.run(s, f, s.size(), IO, s.controlTime(), true, true);
        s.cancel().throwIfCancelled();
        r.setup("control: " + single.setup());
        r.setup(String.format(
                Locale.ROOT,
                "64 KiB O_DIRECT writes sweeping a %d MiB nodatasum (chattr +C) file for"
                        + " %.1f s per profile, 1 writer, 1 scribbler rewriting the buffer",
                s.size() >> 20,
                s.runtime().toMillis() / 1000.0));
        for (Case c : cases) {
            c.probe().addTo(r, c.profile(), c.profile().toUpperCase(Locale.ROOT));
            r.measure(
                            c.profile() + "_legs_read_alone",
                            c.profile().toUpperCase(Locale.ROOT) + ": legs mounted and" + " read alone",
                            c.legs())
                    .measure(
                            c.profile() + "_blocks_compared",
                            c.profile().toUpperCase(Locale.ROOT) + ": 4 KiB blocks compared across legs",
                            c.blocks())
                    .measure(
                            c.profile() + "_blocks_differing",
                            c.profile().toUpperCase(Locale.ROOT) + ": blocks that differ between legs",
                            c.differing().size());
            for (int i = 0; i < c.examples().size(); i++) {
                r.fact(
                        c.profile() + "_example_" + (i + 1),
                        c.profile().toUpperCase(Locale.ROOT) + ": differing" + " block",
                        c.examples().get(i));
            }
        }
        control.addTo(r, "single", "control SINGLE");
        r.log(s.log().since(mark, devices), s.log());
        return verdict(r, cases, control);
    }

    /** Builds the profile, writes under the scribbler, then reads each leg alone and compares. */
    private Case mirrored(ScenarioRun s, ResultBuilder r, String profile, int legs, double at, List<String> devices)
            throws IOException {
        String name = profile.toUpperCase(Locale.ROOT);
        s.progress("building btrfs " + name, at);
        BtrfsPlace place = s.btrfs(profile, profile, legs);
        devices.addAll(place.devices());
        r.setup(place.setup());
        Path file = LabFiles.createEmpty(place.newFile("nodatasum"), true);
        s.progress("direct writes to " + name + " while the buffer changes", at + 0.05);
        WriteProbe.Result probe = WriteProbe.run(s, file, s.size(), IO, s.runtime(), true, true);
        s.cancel().throwIfCancelled();
        LabVolume v = place.volume();
        List<LegDigests> copies = new ArrayList<>();
        for (int leg = 0; leg < legs; leg++) {
            s.progress("reading " + name + " leg " + leg + " alone", at + 0.25 + 0.1 * leg / legs);
            v.mountLegAlone(leg);
            Path onLeg = v.mountPoint().resolve(file.getFileName());
            long size = Files.size(onLeg) / LegDigests.BLOCK * LegDigests.BLOCK;
            copies.add(LegDigests.read(onLeg, size, s.cancel()));
        }
        v.unmount();
        int blocks = copies.stream().mapToInt(LegDigests::blocks).min().orElse(0);
        java.util.TreeSet<Integer> differing = new java.util.TreeSet<>();
        List<String> examples = new ArrayList<>();
        for (int leg = 1; leg < legs; leg++) {
            for (int b : copies.getFirst().differing(copies.get(leg))) {
                if (b < blocks && differing.add(b) && examples.size() < EXAMPLES) {
                    RaceTracer.current().note("legs-differ", (long) b * LegDigests.BLOCK); // a failure in the trace
                    StringBuilder e = new StringBuilder("block " + b + ":");
                    for (int k = 0; k < legs; k++) {
                        e.append(" leg")
                                .append(k)
                                .append(" holds 0x")
                                .append(copies.get(k).version(b));
                    }
                    examples.add(e.toString());
                }
            }
        }
        return new Case(profile, probe, blocks, List.copyOf(differing), examples, legs);
    }

    private static ScenarioResult verdict(ResultBuilder r, List<Case> cases, WriteProbe.Result control) {
        long diverged = cases.stream().mapToLong(c -> c.differing().size()).sum();
        String counts = String.join(
                ", ",
                cases.stream()
                        .map(c -> String.format(
                                Locale.ROOT,
                                "%,d of %,d blocks" + " differ on %s",
                                c.differing().size(),
                                c.blocks(),
                                c.profile().toUpperCase(Locale.ROOT)))
                        .toList());
        long rewrites =
                cases.stream().mapToLong(c -> c.probe().bufferRewrites()).sum();
        if (diverged > 0) {
            r.cite(Upstream.DUPLICATION_FALLBACK, Upstream.NEVER_TRUST_BIO);
            return r.build(
                    Outcome.PRESENT,
                    "the legs diverged: " + counts + " after direct writes from a changing"
                            + " buffer; each leg's DMA read the buffer at its own time",
                    WriteProbe.Mechanism.ZERO_COPY.label);
        }
        List<WriteProbe.Mechanism> seen =
                cases.stream().map(c -> c.probe().mechanism()).distinct().toList();
        String controlSaid =
                String.format(Locale.ROOT, "; the same writes on SINGLE went %s", control.mechanism().label);
        if (seen.equals(List.of(WriteProbe.Mechanism.BUFFERED))) {
            r.cite(Upstream.DUPLICATION_FALLBACK);
            WriteProbe.Result p = cases.getFirst().probe();
            return r.build(
                    Outcome.PREVENTED,
                    String.format(
                            Locale.ROOT,
                            "%s although the buffer changed %,d times"
                                    + " during the writes: they went through the page cache (up to %,d pages of the file cached, %,d"
                                    + " dirty; %,d pins for %,d pages written), so every leg got the same copy%s",
                            counts,
                            rewrites,
                            p.cache().maxCached(),
                            p.cache().maxDirty(),
                            Math.max(0, p.pins()),
                            p.pagesWritten(),
                            controlSaid),
                    WriteProbe.Mechanism.BUFFERED.label);
        }
        if (seen.equals(List.of(WriteProbe.Mechanism.BOUNCE))) {
            r.cite(Upstream.NEVER_TRUST_BIO, Upstream.DUPLICATION_FALLBACK);
            return r.build(
                    Outcome.PREVENTED,
                    counts + ": the writes went direct without pinning the user's pages,"
                            + " so the kernel copied them first (bounce)" + controlSaid,
                    WriteProbe.Mechanism.BOUNCE.label);
        }
        r.cite(Upstream.DUPLICATION_FALLBACK, Upstream.NEVER_TRUST_BIO);
        return r.build(
                Outcome.NOT_SEEN,
                counts
                        + String.format(
                                Locale.ROOT,
                                " although the buffer changed %,d times" + " (the writes looked %s)",
                                rewrites,
                                String.join(
                                        ", ", seen.stream().map(m -> m.label).toList())),
                seen.size() == 1 ? seen.getFirst().label : "");
    }
}
