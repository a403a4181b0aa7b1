package org.diolab.live.run;

import java.io.IOException;
import java.lang.foreign.MemorySegment;

/**
 * A RAID1 write as md-raid1 does it with cloned bios: the same source buffer goes to every mirror at once, one
 * thread per mirror, and the write completes when all legs have. With zero-copy I/O each leg's device reads the
 * user's buffer when it runs, so a store in between makes the mirrors differ (S003 scenario A); with a bounce copy
 * all legs read the same private snapshot.
 *
 * <p>Leg 0 runs on the worker thread; leg k on its own {@link HelperThread}, so each mirror's target stays with one
 * thread, and a write allocates nothing.
 */
final class MirrorLegs implements AutoCloseable {
    private final IoTarget[] targets;
    private final HelperThread[] legs;
    // The write in progress, read by the leg threads after start() publishes it.
    private MemorySegment src;
    private long offset;

    MirrorLegs(IoTarget[] targets, String name) {
        this.targets = targets;
        this.legs = new HelperThread[targets.length];
        for (int k = 1; k < targets.length; k++) {
            IoTarget t = targets[k];
            legs[k] = new HelperThread(name + "-m" + k, () -> t.write(src, offset));
        }
    }

    /** Writes {@code src} at {@code offset} to every mirror concurrently and waits for all of them. */
    void writeAll(MemorySegment src, long offset) throws IOException {
        this.src = src;
        this.offset = offset;
        for (int k = 1; k < targets.length; k++) {
            legs[k].start();
        }
        IOException first = null;
        try {
            targets[0].write(src, offset);
        } catch (IOException e) {
            first = e;
        }
        for (int k = 1; k < targets.length; k++) {
            try {
                legs[k].await();
            } catch (IOException e) {
                first = first == null ? e : first;
            } catch (Exception e) {
                first = first == null ? new IOException("mirror " + k + ": " + e.getMessage(), e) : first;
            }
        }
        if (first != null) {
            throw first;
        }
    }

    @Override
    public void close() {
        for (int k = 1; k < legs.length; k++) {
            legs[k].close();
        }
    }
}
