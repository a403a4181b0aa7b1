package org.diolab.live.kernel.trace;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * What the lab records for one scenario: the events (filtered to its devices and threads), the ring buffer's size per
 * CPU, and what the recording can show on this kernel. Scenarios are named by their CLI id, so this package needs
 * nothing of the lab's.
 *
 * @param bufferKbPerCpu {@code buffer_size_kb}: the kernel's ring per CPU; the reader drains it continuously and
 *                       keeps only windows around failures ({@link WindowPolicy}), so this bounds a burst, not a run
 * @param shows          one sentence for the report: what to look for in this trace
 */
public record TracePlan(String scenario, List<EventSpec> events, int bufferKbPerCpu, String shows) {
    public static final int DEFAULT_BUFFER_KB = 4096;

    public TracePlan {
        events = List.copyOf(events);
        if (bufferKbPerCpu < 64 || bufferKbPerCpu > 256 * 1024) {
            throw new IllegalArgumentException("buffer_size_kb out of range: " + bufferKbPerCpu);
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
                                "each EIO read: iomap's submit, the bio on the loop device, its issue and completion, the"
                                        + " scribbler's stores in between, the failed iomap completion and the 'csum failed'"
                                        + " line",
                                e.directIo(),
                                e.blockIo());
                    case "raid1-divergence", "datasum-write" ->
                        plan(
                                id,
                                "whether a direct write entered iomap or went through the page cache (dirtied folios,"
                                        + " btrfs ordered extents) and the writeback of each leg by kernel threads",
                                e.directIo(),
                                e.blockIo(),
                                e.bufferedWrites(),
                                e.orderedExtents());
                    case "nowait-read" ->
                        plan(
                                id,
                                "NOWAIT reads that returned EAGAIN with no bio queued, and whether a NOWAIT read slept",
                                e.directIo(),
                                e.blockIo(),
                                e.scheduling());
                    case "stable-writes" ->
                        plan(
                                id,
                                "folio_wait_writeback from the writer (stable pages) or its absence while writeback"
                                        + " writes the same folio",
                                e.bufferedWrites(),
                                e.stableWaits(),
                                e.blockIo());
                    case "ext4-convoy" ->
                        plan(
                                id,
                                "lock:contention_begin/end of the lab's threads (i_rwsem and others, by address), their"
                                        + " direct I/O and their time off the CPU",
                                e.directIo(),
                                e.blockIo(),
                                e.lockContention(),
                                e.scheduling());
                    case "fallback-cost" ->
                        plan(
                                id,
                                "direct writes entering iomap or dirtying folios, and the device writes behind them",
                                e.directIo(),
                                e.blockIo(),
                                e.bufferedWrites());
                    default -> null;
                });
    }

    @SafeVarargs
    private static TracePlan plan(String id, String shows, List<EventSpec>... groups) {
        List<EventSpec> all = new ArrayList<>();
        for (List<EventSpec> g : groups) {
            for (EventSpec s : g) {
                if (all.stream().noneMatch(a -> a.id().equals(s.id()))) {
                    all.add(s);
                }
            }
        }
        return new TracePlan(id, all, DEFAULT_BUFFER_KB, shows);
    }

    public TracePlan withBufferKb(int kb) {
        return new TracePlan(scenario, events, kb, shows);
    }
}
