package org.diolab.bench;

import java.lang.management.ManagementFactory;
import java.lang.management.MemoryMXBean;
import java.lang.management.ThreadMXBean;
import java.util.Arrays;
import java.util.Locale;
import java.util.function.IntPredicate;
import org.diolab.engine.Simulator;
import org.diolab.engine.explore.ExploreLimits;
import org.diolab.engine.explore.ExploreResult;
import org.diolab.engine.explore.Explorer;
import org.diolab.engine.explore.Reduction;
import org.diolab.engine.op.Policy;

/**
 * One point of the explorer's scale curve, in a fresh JVM so that the time is a cold run's and the peak RSS (measured
 * by the caller, bench/explore-scale.sh) is this scenario's alone: {@code readers legs pages policy [maxStates]}, or
 * {@code three-legs policy [maxStates]} for the fixture lesson of issue 24 ({@link FixtureLessons#THREE_LEGS_DONTCACHE}).
 * {@code -Dreduction=none|persistent-sets|persistent-sets+symmetry} (default: persistent-sets).
 * Prints one line: states, interleavings, wall and CPU milliseconds of the exploration. With {@code -Drepeat=N} it
 * explores N times and prints each run (the later ones are warm); with {@code -Dheap=true} it also measures the live
 * heap per state: a full GC each time the explorer has polled its gauge 2^k times (512 states apart), and the heap
 * used after the last of them divided by the states explored by then.
 */
public final class ExploreScale {
    private ExploreScale() {}

    public static void main(String[] args) {
        boolean fixture = args[0].equals("three-legs");
        int at = fixture ? 1 : 3;
        int readers = fixture ? 3 : Integer.parseInt(args[0]);
        int legs = fixture ? 3 : Integer.parseInt(args[1]);
        int pages = fixture ? 2 : Integer.parseInt(args[2]);
        Policy policy = Policy.byId(args[at]).orElseThrow();
        int maxStates = args.length > at + 1 ? Integer.parseInt(args[at + 1]) : ExploreLimits.DEFAULT_MAX_STATES;
        Simulator sim = new Simulator(
                fixture
                        ? FixtureLessons.threeLegsDontcache().scenario()
                        : ScaleScenarios.raid1(readers, legs, pages, true),
                policy);
        int repeat = Integer.getInteger("repeat", 1);
        String wanted = System.getProperty("reduction", "persistent-sets");
        Reduction reduction = Arrays.stream(Reduction.values())
                .filter(r -> r.id().equals(wanted))
                .findFirst()
                .orElseThrow(() -> new IllegalArgumentException("no reduction " + wanted));
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        ExploreResult r = null;
        long ms = 0;
        long cpuMs = 0;
        HeapSampler heap = Boolean.getBoolean("heap") ? new HeapSampler() : null;
        for (int i = 0; i < repeat; i++) {
            ExploreLimits limits = ExploreLimits.maxStates(maxStates);
            if (heap != null) {
                limits = limits.withMemoryGauge(heap.reset());
            }
            long t0 = System.nanoTime();
            long c0 = threads.getCurrentThreadCpuTime();
            r = Explorer.explore(sim, limits, reduction);
            ms = (System.nanoTime() - t0) / 1_000_000;
            cpuMs = (threads.getCurrentThreadCpuTime() - c0) / 1_000_000;
            if (repeat > 1) {
                System.out.printf(Locale.ROOT, "run %d: %d ms (cpu %d ms)%n", i + 1, ms, cpuMs);
            }
        }
        System.out.printf(
                Locale.ROOT,
                "actors=%d readers=%d legs=%d pages=%d policy=%s reduction=%s states=%d interleavings=%s "
                        + "ms=%d cpuMs=%d complete=%s violated=%s%s%n",
                2 + readers,
                readers,
                legs,
                pages,
                policy.id(),
                reduction.id(),
                r.states(),
                r.interleavings().describe().replace(",", ""),
                ms,
                cpuMs,
                r.complete(),
                r.violated(),
                heap == null ? "" : heap.describe());
    }

    /** The memory gauge that measures instead of judging: it never says "low". */
    private static final class HeapSampler implements IntPredicate {
        private final MemoryMXBean memory = ManagementFactory.getMemoryMXBean();
        private long baseline;
        private long polls;
        private long used;
        private long statesAtSample;

        HeapSampler reset() {
            System.gc();
            baseline = memory.getHeapMemoryUsage().getUsed();
            polls = 0;
            used = 0;
            statesAtSample = 0;
            return this;
        }

        @Override
        public boolean test(int states) {
            polls++;
            if (Long.bitCount(polls) == 1 && polls >= 8) {
                System.gc();
                used = memory.getHeapMemoryUsage().getUsed() - baseline;
                statesAtSample = states;
            }
            return false;
        }

        String describe() {
            return statesAtSample == 0
                    ? " heapPerState=n/a"
                    : String.format(
                            Locale.ROOT, " heapPerState=%dB (at %d states)", used / statesAtSample, statesAtSample);
        }
    }
}
