package org.diolab.live.kernel.trace;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/**
 * Records the fixtures of the parser tests on this machine (root): a btrfs on a loop device in {@code WORKDIR}, S000's
 * racing reads for a few seconds under the false-csum-read plan, the kept ftrace text and the kernel log's lines
 * since, then everything torn down. Not a test; run by hand:
 *
 * <pre>
 * java -cp target/classes:target/test-classes:$(cat target/cp.txt) \
 *     org.diolab.live.kernel.trace.FixtureRecorder WORKDIR SECONDS OUTDIR
 * </pre>
 */
public final class FixtureRecorder {
    private FixtureRecorder() {}

    public static void main(String[] args) throws Exception {
        Path dir = Files.createDirectories(Path.of(args[0]));
        Duration time = Duration.ofSeconds(Long.parseLong(args[1]));
        Path out = Files.createDirectories(Path.of(args[2]));
        String kmsgStart = RootLab.run("cat", "/proc/uptime").split(" ")[0];
        try (Tracefs fs = RootLab.tracefs(dir);
                LoopBtrfs vol = LoopBtrfs.create(dir, 1L << 30)) {
            Path file = vol.checksummedFile("datasum", 64L << 20);
            RootLab.run("sh", "-c", "echo 3 > /proc/sys/vm/drop_caches");
            TracePlan plan =
                    TracePlan.forScenario("false-csum-read", vol.targets()).orElseThrow();
            TraceResult r;
            RacingReads.Counts c;
            try (TraceRecording rec =
                    TraceRecording.start(fs, "fixture" + ProcessHandle.current().pid(), plan, WindowPolicy.DEFAULT)) {
                rec.probeClock(Path.of("/dev/kmsg"), 1);
                c = RacingReads.run(file, time, rec::marker, true);
                r = rec.stop();
            }
            Files.write(out.resolve("false-csum-read.ftrace.txt"), r.ftraceText());
            Files.writeString(
                    out.resolve("devices.txt"),
                    vol.loopDev + " " + vol.loop + "\n" + vol.fsDev + " fs\n" + vol.bdi + " bdi\n");
            List<String> log = RootLab.run("dmesg", "-r").lines().toList();
            Files.write(out.resolve("kmsg.txt"), log);
            System.out.println(c + "\n" + r.describe() + "\nkmsg since " + kmsgStart + " s");
        }
    }
}
