package org.diolab.app.kernellab.trace;

/**
 * What a verdict card of "On this kernel" offers of its scenario's trace after a traced run, in words only (the card
 * needs nothing of the lab): whether there is a recording to show, one line about it, and how many events the ring
 * buffer lost (a lossy trace says so where it is offered, not only in the view).
 *
 * @param scenarioId the card's scenario
 * @param recorded   true when the traced run recorded something to show
 * @param note       "recorded in a second, traced run: 3 failure(s) picked, ..." or why nothing was recorded
 * @param lost       events the kernel's ring buffer overwrote before the lab read them (0: the trace is whole)
 */
public record TraceOffer(String scenarioId, boolean recorded, String note, long lost) {
    /** True when the recording has gaps: some events of the race are missing from it. */
    public boolean lossy() {
        return lost > 0;
    }
}
