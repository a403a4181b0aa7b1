package org.diolab.live.kernel.trace.text;

import java.util.List;

/**
 * A parsed trace: its header (or {@link TraceHeader#NONE} for {@code trace_pipe} text), its events in the kernel's
 * order, where the ring buffer lost events, and how many lines were neither (kept out, counted, never guessed at).
 */
public record FtraceText(TraceHeader header, List<TraceEvent> events, List<LostEvents> lost, int unparsed) {
    public FtraceText {
        events = List.copyOf(events);
        lost = List.copyOf(lost);
    }

    /**
     * Events lost to overwriting: the header's count (the lab's files put the whole recording's there) or, when the
     * LOST lines sum to more (trace_pipe text has no header), theirs. Both count the same overwrites, so they are not
     * added.
     */
    public long lostCount() {
        return Math.max(
                header.overwritten(), lost.stream().mapToLong(LostEvents::count).sum());
    }
}
