package org.diolab.live.kernel.trace;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Locale;
import org.diolab.live.kernel.trace.meaning.ObserverEffect;
import org.diolab.live.kernel.trace.meaning.RaceRate;

/**
 * What tracing costs (root): (1) a marker line, in alternating pairs of rounds against {@link Marker#OFF}, with the
 * instance recording and its reader draining; (2) S000's race rate with and without the false-csum-read recording
 * ({@link ObserverEffect}, alternating pairs). Not a test; the numbers in the report come from:
 *
 * <pre>
 * java -cp target/classes:target/test-classes:$(cat target/cp.txt) \
 *     org.diolab.live.kernel.trace.TraceCostBenchmark DIR PAIRS SECONDS_PER_RUN
 * </pre>
 */
public final class TraceCostBenchmark {
    private static final int LINES = 200_000;

    private TraceCostBenchmark() {}

    public static void main(String[] args) throws Exception {
        Path dir = Files.createDirectories(Path.of(args[0]));
        int pairs = Integer.parseInt(args[1]);
        Duration run = Duration.ofMillis((long) (Double.parseDouble(args[2]) * 1000));
        try (Tracefs fs = RootLab.tracefs(dir);
                LoopBtrfs vol = LoopBtrfs.create(dir, 1L << 30)) {
            markerCost(fs, vol, pairs);
            Path file = vol.checksummedFile("datasum", 64L << 20);
            TracePlan plan =
                    TracePlan.forScenario("false-csum-read", vol.targets()).orElseThrow();
            int[] round = {0};
            ObserverEffect e = ObserverEffect.measure(
                    pairs, () -> rate(RacingReads.run(file, run, role -> Marker.OFF, true)), () -> {
                        try (TraceRecording rec =
                                TraceRecording.start(fs, "bench" + round[0]++, plan, WindowPolicy.DEFAULT)) {
                            RaceRate r = rate(RacingReads.run(file, run, rec::marker, true));
                            System.out.println("  traced run: " + rec.stop().describe());
                            return r;
                        }
                    });
            System.out.println("observer effect (false EIO reads, " + run.toMillis() + " ms runs): " + e.describe());
        }
    }

    private static void markerCost(Tracefs fs, LoopBtrfs vol, int pairs) throws Exception {
        TracePlan plan = TracePlan.forScenario("false-csum-read", vol.targets()).orElseThrow();
        long onNanos = 0;
        long offNanos = 0;
        try (TraceRecording rec = TraceRecording.start(fs, "benchmarker", plan, WindowPolicy.DEFAULT)) {
            Marker on = rec.marker("scribbler");
            for (int i = 0; i < 2 * pairs; i++) {
                boolean onFirst = i % 2 == 0;
                long a = lines(onFirst ? on : Marker.OFF);
                long b = lines(onFirst ? Marker.OFF : on);
                onNanos += onFirst ? a : b;
                offNanos += onFirst ? b : a;
            }
            TraceResult r = rec.stop();
            System.out.printf(
                    Locale.ROOT,
                    "marker: %.0f ns a line traced, %.1f ns with Marker.OFF (%d x %,d lines each); %s%n",
                    (double) onNanos / (2L * pairs * LINES),
                    (double) offNanos / (2L * pairs * LINES),
                    2 * pairs,
                    LINES,
                    r.describe());
        }
    }

    private static long lines(Marker m) {
        long t0 = System.nanoTime();
        for (int i = 0; i < LINES; i++) {
            m.storeBegin(i, i);
        }
        return System.nanoTime() - t0;
    }

    private static RaceRate rate(RacingReads.Counts c) {
        return new RaceRate(c.eio(), c.reads(), c.nanos());
    }
}
