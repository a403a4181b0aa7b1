package org.diolab.live.kernel.scenario;

import java.lang.foreign.MemorySegment;
import org.diolab.live.kernel.trace.Marker;
import org.diolab.sys.Threads;

/**
 * A thread that keeps rewriting a buffer while the kernel does I/O on it: the application S000 and S003 are about,
 * which changes the pages it handed to O_DIRECT. Every pass fills the whole buffer with the next byte value, so any
 * two moments of the buffer differ everywhere.
 */
final class Scribbler implements AutoCloseable {
    private final MemorySegment buffer;
    private final RaceTracer tracer;
    private final RaceTracer.Active scribbling;
    private final int markEvery;
    private final Thread thread;
    private volatile boolean stop;
    private volatile long passes;

    private Scribbler(MemorySegment buffer, String name) {
        this.buffer = buffer;
        this.tracer = RaceTracer.current(); // this thread's: the scribbler's own thread gets it from here
        tracer.begin("scribbler");
        this.markEvery = tracer.storeMarkEvery();
        this.scribbling = tracer.scribbling();
        this.thread = Threads.startDaemon(name, this::loop); // after the fields are set: the start publishes them
    }

    /** Starts scribbling on {@code buffer} now. */
    static Scribbler start(MemorySegment buffer, String name) {
        return new Scribbler(buffer, name);
    }

    /**
     * Rewrites the buffer until stopped; every {@code markEvery}-th pass is marked in the trace from its first to its
     * last byte (a marker line costs about as much as a pass, so marking each would slow the race it shows).
     */
    private void loop() {
        long t0 = System.nanoTime();
        long n = 0;
        try (Marker m = tracer.marker("scribbler")) {
            while (!stop) {
                int value = (int) (n * 37 + 1);
                boolean marked = n % markEvery == 0;
                if (marked) {
                    m.storeBegin(n, value);
                }
                buffer.fill((byte) value);
                if (marked) {
                    m.storeEnd(n);
                }
                n++;
                if ((n & 63) == 0) {
                    passes = n; // published now and then: a volatile store per pass would slow the scribbling
                }
            }
        }
        passes = n;
        tracer.passes(n, System.nanoTime() - t0);
    }

    /** What some I/O did while a scribbler rewrote its buffer, and how many times it did. */
    record During<T>(T result, long passes) {}

    /** Work that does I/O. */
    @FunctionalInterface
    interface IoWork<T> {
        T run() throws java.io.IOException;
    }

    /** Runs {@code work} while a scribbler rewrites {@code buffer}; the scribbler is stopped before this returns. */
    static <T> During<T> during(MemorySegment buffer, IoWork<T> work) throws java.io.IOException {
        Scribbler s = start(buffer, "dio-lab-scribbler");
        T result;
        try {
            result = work.run();
        } finally {
            s.close();
        }
        return new During<>(result, s.passes());
    }

    /** Whole-buffer rewrites so far (exact after {@link #close()}). */
    long passes() {
        return passes;
    }

    /** Stops and waits for the thread, so the buffer can be freed. */
    @Override
    public synchronized void close() {
        if (stop) {
            return;
        }
        stop = true;
        Threads.joinUninterruptibly(thread);
        scribbling.close();
    }
}
