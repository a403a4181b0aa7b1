package org.diolab.live.kernel.scenario;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.file.Path;
import java.util.Locale;
import org.diolab.live.kernel.lab.BtrfsPlace;
import org.diolab.live.kernel.lab.LabFiles;
import org.diolab.live.kernel.lab.LabVolume;
import org.diolab.sys.LibC;

/**
 * S000's NOWAIT rule on the running kernel: with Qu Wenruo's read bounce, a direct read of a checksummed file must
 * allocate a bounce buffer, which may sleep, so an IOCB_NOWAIT read returns -EAGAIN instead. The lab reads a
 * checksummed and a nodatasum file with RWF_NOWAIT (after ordinary direct reads of each, the baseline) and compares
 * how often each says EAGAIN. A synchronous read always waits for its device; "blocked" here means a NOWAIT read
 * took longer than the slowest ordinary read of the same file.
 */
final class NowaitRead implements LabScenario {
    /** One file's ordinary and NOWAIT reads. */
    private record Reads(String kind, IoLoop.Counts plain, IoLoop.Counts nowait) {
        double eagainShare() {
            return nowait.ios() == 0 ? 0 : (double) nowait.eagain() / nowait.ios();
        }

        boolean slowerThanPlain() {
            return nowait.maxNanos() > plain.maxNanos();
        }
    }

    @Override
    public ScenarioResult run(ScenarioRun s) throws IOException {
        ResultBuilder r = new ResultBuilder(Scenario.NOWAIT_READ);
        BtrfsPlace place = s.btrfs("nowait", "single", 1);
        r.setup(place.setup());
        r.setup(String.format(
                Locale.ROOT,
                "64 KiB direct reads at random offsets of a %d MiB file: ordinary ones"
                        + " first, then RWF_NOWAIT (preadv2), %.1f s each, 1 thread",
                s.size() >> 20,
                s.controlTime().toMillis() / 1000.0));
        s.progress("writing a checksummed and a nodatasum file", 0.05);
        Path datasum = LabFiles.create(place.newFile("datasum"), s.size(), false, s.cancel());
        Path nodatasum = LabFiles.create(place.newFile("nodatasum"), s.size(), true, s.cancel());
        int mark = s.log().mark();
        Reads ds;
        Reads nd;
        try (Arena arena = Arena.ofShared()) {
            MemorySegment buf = IoLoop.buffer(arena, IoLoop.READ_SIZE);
            ds = reads(s, "datasum", datasum, buf, 0.1);
            nd = reads(s, "nodatasum", nodatasum, buf, 0.55);
        }
        for (Reads x : new Reads[] {ds, nd}) {
            String who = x.kind().equals("datasum") ? "checksummed file" : "nodatasum file";
            r.measure(
                            x.kind() + "_plain_reads",
                            who + ": ordinary direct reads",
                            x.plain().ios())
                    .measure(
                            x.kind() + "_plain_max_us",
                            who + ": slowest ordinary read, µs",
                            x.plain().maxNanos() / 1000)
                    .measure(
                            x.kind() + "_nowait_reads",
                            who + ": RWF_NOWAIT reads",
                            x.nowait().ios())
                    .measure(
                            x.kind() + "_nowait_eagain",
                            who + ": of them EAGAIN",
                            x.nowait().eagain())
                    .measure(
                            x.kind() + "_nowait_errors",
                            who + ": of them failed otherwise",
                            x.nowait().failures())
                    .measure(
                            x.kind() + "_nowait_p99_us",
                            who + ": NOWAIT read p99, µs",
                            x.nowait().p99Nanos() / 1000)
                    .measure(
                            x.kind() + "_nowait_max_us",
                            who + ": slowest NOWAIT read, µs",
                            x.nowait().maxNanos() / 1000)
                    .fact(
                            x.kind() + "_nowait_slower_than_plain",
                            who + ": a NOWAIT read took longer than every" + " ordinary one",
                            x.slowerThanPlain());
        }
        r.log(s.log().since(mark, place.devices()), s.log()).cite(Upstream.READ_BOUNCE, Upstream.LAZY_BOUNCE);
        r.limit("a synchronous read waits for its device whatever the flags; NOWAIT only promises not to wait for"
                + " locks or memory on the way there, so a slow NOWAIT read may also just have been preempted");
        String shares = String.format(
                Locale.ROOT,
                "%,d of %,d NOWAIT reads of the checksummed file returned EAGAIN,"
                        + " %,d of %,d of the nodatasum file",
                ds.nowait().eagain(),
                ds.nowait().ios(),
                nd.nowait().eagain(),
                nd.nowait().ios());
        if (ds.eagainShare() >= 0.9 && nd.eagainShare() >= 0.9) {
            String control = ext4Control(s, r);
            return r.build(
                    Outcome.MEASURED,
                    shares + ": NOWAIT direct reads were refused for every file, so the"
                            + " EAGAIN of S000's read bounce cannot be told apart" + control,
                    "NOWAIT refused for all files");
        }
        String blocked = ds.slowerThanPlain() || nd.slowerThanPlain()
                ? String.format(
                        Locale.ROOT,
                        "; a NOWAIT read that got data took %,d µs, longer than every ordinary" + " read (%,d µs)",
                        Math.max(ds.nowait().maxNanos(), nd.nowait().maxNanos()) / 1000,
                        Math.max(ds.plain().maxNanos(), nd.plain().maxNanos()) / 1000)
                : "; no NOWAIT read that got data took longer than the slowest ordinary read";
        if (ds.eagainShare() >= 0.9 && nd.eagainShare() < 0.5) {
            return r.build(
                    Outcome.MEASURED,
                    shares + ": checksummed direct reads refuse NOWAIT, as a read bounce"
                            + " that must allocate does (S000's patch)" + blocked,
                    "bounce refuses NOWAIT");
        }
        return r.build(
                Outcome.MEASURED,
                shares + ": checksummed direct reads take NOWAIT like nodatasum ones, so"
                        + " this kernel does not bounce them (S000's read bounce is not applied)" + blocked,
                "zero-copy read");
    }

    /**
     * When btrfs refuses NOWAIT for both files: the same reads on ext4 over the same kind of loop device, to show
     * whether the refusal is btrfs's or the device's. Not in --mount mode (no volumes of the lab's own there).
     */
    private static String ext4Control(ScenarioRun s, ResultBuilder r) throws IOException {
        if (s.onUserMount() || s.tools().mkfsExt4().isEmpty()) {
            r.limit("no ext4 control (needs the lab's own loop device and mkfs.ext4): the refusal may come from"
                    + " btrfs or from the device below it");
            return "";
        }
        s.progress("control: NOWAIT reads on ext4 over a loop device", 0.85);
        LabVolume v = s.volume(LabVolume.Spec.ext4("nowait-ext4", s.imageBytes()));
        r.setup("control: " + v.describe());
        Path f = LabFiles.create(v.newFile("plain"), s.size(), false, s.cancel());
        IoLoop.Counts c;
        try (Arena arena = Arena.ofShared()) {
            MemorySegment buf = IoLoop.buffer(arena, IoLoop.READ_SIZE);
            c = IoLoop.reads(f, buf, s.controlTime(), LibC.RWF_NOWAIT, 0x3002, s.cancel());
        }
        s.cancel().throwIfCancelled();
        r.measure("ext4_nowait_reads", "control, ext4 on a loop device: RWF_NOWAIT reads", c.ios())
                .measure("ext4_nowait_eagain", "control, ext4: of them EAGAIN", c.eagain());
        return c.ios() > 0 && c.eagain() < c.ios() / 2
                ? String.format(
                        Locale.ROOT,
                        "; ext4 on the same kind of loop device served %,d of %,d NOWAIT"
                                + " reads, so the refusal is btrfs's",
                        c.ios() - c.eagain() - c.failures(),
                        c.ios())
                : String.format(
                        Locale.ROOT,
                        "; ext4 on a loop device refused them too (%,d of %,d), so the device" + " may be what refuses",
                        c.eagain(),
                        c.ios());
    }

    private static Reads reads(ScenarioRun s, String kind, Path file, MemorySegment buf, double at) throws IOException {
        s.progress(kind + ": ordinary direct reads", at);
        IoLoop.Counts plain = IoLoop.reads(file, buf, s.controlTime(), 0, 0x3000, s.cancel());
        s.cancel().throwIfCancelled();
        s.progress(kind + ": RWF_NOWAIT direct reads", at + 0.2);
        IoLoop.Counts nowait = IoLoop.reads(file, buf, s.controlTime(), LibC.RWF_NOWAIT, 0x3001, s.cancel());
        s.cancel().throwIfCancelled();
        return new Reads(kind, plain, nowait);
    }
}
