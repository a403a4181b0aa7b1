package org.diolab.live.kernel.trace;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.diolab.live.kernel.trace.meaning.Look;

/**
 * What the lab records for one scenario: the events (filtered to its devices and threads), the ring buffer's size per
 * CPU, what the recording is looked at for, which loops make the race (for the observer effect) and how often the
 * scribbler marks its passes. Scenarios are named by their CLI id, so this package needs nothing of the lab's.
 *
 * <p>THE place a scenario's trace is declared: a scenario that races through the lab's shared helpers (IoLoop,
 * Scribbler) is recorded, marked, picked and exported once it has an entry in {@link #forScenario}; a test names
 * any registered scenario without one.
 *
 * @param bufferKbPerCpu {@code buffer_size_kb}: the kernel's ring per CPU; the reader drains it continuously and
 *                       keeps only windows around failures ({@link WindowPolicy}), so this bounds a burst, not a run
 * @param shows          one sentence for the report: what to look for in this trace
 * @param storeMarkEvery the scribbler marks every n-th pass over the buffer (1: every pass); a marker line costs
 *                       about a microsecond, a pass over 64 KiB a few, so marking each one slows the race itself
 */
public record TracePlan(
        String scenario,
        List<EventSpec> events,
        int bufferKbPerCpu,
        String shows,
        Look look,
        RaceMeasure race,
        int storeMarkEvery) {
    public static final int DEFAULT_BUFFER_KB = 4096;
    /**
     * The ring per CPU of the plans whose races make the most lines (NOWAIT reads refused in microseconds, eight
     * threads of small direct I/Os, writes among the scribbler's passes): see the kernel-lab documentation's trace
     * section for what 4 MiB lost on a busy machine.
     */
    public static final int BUSY_BUFFER_KB = 16384;
    /** How often the write plans' scribbler marks its passes (every {@value}-th). */
    public static final int WRITE_STORE_MARK_EVERY = 64;
    /** Measured on this machine's kind: see the kernel-lab documentation's trace section. */
    public static final int DEFAULT_STORE_MARK_EVERY = 8;

    public TracePlan {
        events = List.copyOf(events);
        if (bufferKbPerCpu < 64 || bufferKbPerCpu > 256 * 1024) {
            throw new IllegalArgumentException("buffer_size_kb out of range: " + bufferKbPerCpu);
        }
        if (storeMarkEvery < 1 || storeMarkEvery > 1 << 20) {
            throw new IllegalArgumentException("store marking out of range: " + storeMarkEvery);
        }
    }

    /** The plan for a scenario by id ({@code false-csum-read}), or empty for one that has nothing to trace. */
    public static Optional<TracePlan> forScenario(String id, TraceTargets t) {
        PlanEvents e = new PlanEvents(t);
        return Optional.ofNullable(
                switch (id) {
                    case "false-csum-read" ->
                        plan(
                                id,
                                Look.EIO_READS,
                                RaceMeasure.eioWhileScribbled("datasum"),
                                "each EIO read: iomap's submit, the bio on the loop device, its issue and completion, the"
                                        + " scribbler's stores in between, the failed iomap completion and the 'csum failed'"
                                        + " line",
                                e.directIo(),
                                e.blockIo());
                    case "raid1-divergence", "datasum-write" ->
                        // A write of 64 KiB lasts many of the scribbler's passes: every 64th is marked (every 8th
                        // overran the ring on a busy machine, and a write still holds several).
                        plan(
                                        id,
                                        Look.WRITE_PATH,
                                        RaceMeasure.callsWhileScribbled(),
                                        "whether a direct write entered iomap or went through the page cache (dirtied"
                                                + " folios, btrfs ordered extents) and the writeback of each leg by"
                                                + " kernel threads",
                                        e.directIo(),
                                        e.blockIo(),
                                        e.bufferedWrites(),
                                        e.orderedExtents())
                                .withStoreMarkEvery(WRITE_STORE_MARK_EVERY)
                                .withBufferKb(BUSY_BUFFER_KB);
                    case "nowait-read" ->
                        plan(
                                        id,
                                        Look.EAGAIN_NO_IO,
                                        RaceMeasure.eagainOfNowait("datasum"),
                                        "NOWAIT reads that returned EAGAIN with no bio queued, and whether a NOWAIT read slept",
                                        e.directIo(),
                                        e.blockIo(),
                                        e.sleeps())
                                .withBufferKb(BUSY_BUFFER_KB);
                    case "stable-writes" ->
                        plan(
                                id,
                                Look.STABLE_WAITS,
                                RaceMeasure.calls(),
                                "folio_wait_writeback from the writer (stable pages) or its absence while writeback"
                                        + " writes the same folios",
                                e.bufferedWrites(),
                                e.stableWaits(),
                                e.blockIo());
                    case "buffered-divergence" ->
                        plan(
                                id,
                                Look.STABLE_WAITS,
                                RaceMeasure.none(),
                                "the writer's write(2)s and mapped stores meeting folios under writeback (folio_wait_writeback,"
                                        + " or its absence on the nodatasum file) while the flusher keeps writeback running,"
                                        + " and each RAID1 leg's writes on the loop devices",
                                e.bufferedWrites(),
                                e.stableWaits(),
                                e.blockIo());
                    case "ext4-convoy" ->
                        // Eight threads of small direct I/Os: every switch, wake-up, spinlock, completion and device
                        // request overran 4 MiB a CPU on a busy machine; only what a convoy is made of is on.
                        plan(
                                        id,
                                        Look.LOCK_CONTENTION,
                                        RaceMeasure.none(),
                                        "lock:contention_begin of the lab's threads on reader-writer locks (READ or"
                                                + " WRITE; the lock's name is not recorded, spinlocks are left out),"
                                                + " their direct I/Os entering iomap and their sleeps (D)",
                                        e.directIoBegins(),
                                        e.rwsemContention(),
                                        e.sleeps())
                                .withBufferKb(BUSY_BUFFER_KB);
                    case "fallback-cost" ->
                        plan(
                                id,
                                Look.WRITE_PATH,
                                RaceMeasure.calls(),
                                "direct writes entering iomap or dirtying folios, and the device writes behind them",
                                e.directIo(),
                                e.blockIo(),
                                e.bufferedWrites());
                    default -> null;
                });
    }

    @SafeVarargs
    private static TracePlan plan(String id, Look look, RaceMeasure race, String shows, List<EventSpec>... groups) {
        List<EventSpec> all = new ArrayList<>();
        for (List<EventSpec> g : groups) {
            for (EventSpec s : g) {
                if (all.stream().noneMatch(a -> a.id().equals(s.id()))) {
                    all.add(s);
                }
            }
        }
        return new TracePlan(id, all, DEFAULT_BUFFER_KB, shows, look, race, DEFAULT_STORE_MARK_EVERY);
    }

    public TracePlan withBufferKb(int kb) {
        return new TracePlan(scenario, events, kb, shows, look, race, storeMarkEvery);
    }

    /** The same plan with the scribbler marking every {@code n}-th pass (the benchmark compares them). */
    public TracePlan withStoreMarkEvery(int n) {
        return new TracePlan(scenario, events, bufferKbPerCpu, shows, look, race, n);
    }
}
