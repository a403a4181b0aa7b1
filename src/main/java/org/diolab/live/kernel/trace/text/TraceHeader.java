package org.diolab.live.kernel.trace.text;

/**
 * The head of a {@code trace} file (absent from {@code trace_pipe}): the tracer, how many entries the buffer held
 * and how many were written (more written than held: the ring overwrote the oldest), and the number of CPUs.
 * {@code -1} where the text did not say.
 */
public record TraceHeader(String tracer, long entriesInBuffer, long entriesWritten, int cpus) {
    public static final TraceHeader NONE = new TraceHeader("", -1, -1, -1);

    /** Entries the ring buffer overwrote before they were read, as far as the header tells. */
    public long overwritten() {
        return entriesInBuffer < 0 || entriesWritten < entriesInBuffer ? 0 : entriesWritten - entriesInBuffer;
    }
}
