package org.diolab.live.kernel.trace.meaning;

/**
 * One pass of the scribbler over the buffer, from its store-begin to its store-end marker: while it runs, the buffer
 * holds parts of two versions, and any DMA or checksum of it sees whichever parts it reaches.
 */
public record StorePass(Column column, long pass, String value, long beginNanos, long endNanos) {
    /** True when the pass and [from, to] overlap. */
    public boolean overlaps(long from, long to) {
        return beginNanos <= to && endNanos >= from;
    }
}
