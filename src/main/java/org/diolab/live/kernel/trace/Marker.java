package org.diolab.live.kernel.trace;

/**
 * A lab thread's lines into the trace: each call writes one {@code dio-lab ...} line to the instance's trace_marker,
 * which the kernel stamps on the same clock and in the same buffer as its own events ({@code LabMark} reads them
 * back). One marker per thread, used only by that thread: no lock is shared between the racing threads.
 * {@link #OFF} does nothing, so the lab's loops call a marker whether or not they are traced.
 */
public sealed interface Marker extends AutoCloseable permits TraceMarker, Marker.Off {
    Marker OFF = new Off();

    /** A read of {@code length} bytes at {@code offset} of the file the lab calls {@code file} is about to be made. */
    void readBegin(long seq, long offset, long length, String file);

    /** That read returned {@code ret}: bytes, or a negative errno. */
    void readEnd(long seq, long ret);

    void writeBegin(long seq, long offset, long length, String file);

    void writeEnd(long seq, long ret);

    /** The scribbler starts rewriting the buffer for the {@code pass}-th time, with byte {@code value}. */
    void storeBegin(long pass, int value);

    /** It has rewritten the whole buffer. */
    void storeEnd(long pass);

    /** A phase of the scenario starts (race, control-quiet, control-nodatasum). */
    void phase(String name);

    /** A finding after the fact: {@code what} at file offset {@code offset} ("legs-differ"). */
    void note(String what, long offset);

    /** Lines written so far. */
    long lines();

    /** Lines that could not be written (the instance went away, the buffer refused); never thrown to the racer. */
    long failures();

    @Override
    void close();

    /** Writes nothing. */
    final class Off implements Marker {
        private Off() {}

        @Override
        public void readBegin(long seq, long offset, long length, String file) {}

        @Override
        public void readEnd(long seq, long ret) {}

        @Override
        public void writeBegin(long seq, long offset, long length, String file) {}

        @Override
        public void writeEnd(long seq, long ret) {}

        @Override
        public void storeBegin(long pass, int value) {}

        @Override
        public void storeEnd(long pass) {}

        @Override
        public void phase(String name) {}

        @Override
        public void note(String what, long offset) {}

        @Override
        public long lines() {
            return 0;
        }

        @Override
        public long failures() {
            return 0;
        }

        @Override
        public void close() {}
    }
}
