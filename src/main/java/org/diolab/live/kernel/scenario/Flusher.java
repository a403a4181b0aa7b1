package org.diolab.live.kernel.scenario;

import java.io.IOException;
import java.nio.file.Path;
import org.diolab.live.kernel.trace.Marker;
import org.diolab.sys.Fd;
import org.diolab.sys.LibC;
import org.diolab.sys.Threads;

/**
 * A lab thread ({@code dio-lab-flusher}) that keeps starting writeback of a file (fdatasync in a loop) while another
 * rewrites it with buffered writes, so the writer meets folios under writeback: on stable pages it waits for them
 * (folio_wait_writeback, which the trace shows), without them it changes them while the device reads them.
 */
final class Flusher implements AutoCloseable {
    private final Fd fd;
    private final RaceTracer tracer;
    private final Thread thread;
    private volatile boolean stop;
    private volatile long syncs;
    private volatile String failed = "";

    private Flusher(Path file) throws IOException {
        this.fd = Fd.open(file, LibC.O_RDWR | LibC.O_NOFOLLOW);
        this.tracer = RaceTracer.current();
        tracer.begin("flusher");
        this.thread = Threads.startDaemon("dio-lab-flusher", this::loop); // last: the start publishes the rest
    }

    /** Starts flushing {@code file} now. */
    static Flusher start(Path file) throws IOException {
        return new Flusher(file);
    }

    private void loop() {
        long n = 0;
        try (Marker m = tracer.marker("flusher")) {
            while (!stop) {
                fd.fdatasync();
                n++;
            }
        } catch (IOException e) {
            failed = e.getMessage();
        }
        syncs = n;
    }

    /** fdatasync calls made (exact after {@link #close()}). */
    long syncs() {
        return syncs;
    }

    /** Why a flush failed, or "". */
    String failure() {
        return failed;
    }

    @Override
    public synchronized void close() {
        if (stop) {
            return;
        }
        stop = true;
        Threads.joinUninterruptibly(thread);
        fd.close();
    }
}
