package org.diolab.live.run;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import org.diolab.live.job.JobSpec;

/**
 * The lessons' {@code store} actor: an application thread that keeps writing into buffers that are under I/O. It
 * stores a counter into every 4 KiB block of every user buffer, round and round, as fast as it can, until stopped.
 * Legal for the application; the question the seeds argue about is what the kernel owes it.
 */
final class Mutator implements Runnable {
    private final List<MemorySegment> buffers;
    private volatile boolean stop;
    private volatile long stores;
    private final CountDownLatch storing = new CountDownLatch(1);

    Mutator(List<MemorySegment> buffers) {
        this.buffers = List.copyOf(buffers);
    }

    @Override
    public void run() {
        long v = 0;
        long n = 0;
        while (!stop) {
            for (MemorySegment buf : buffers) {
                for (long b = DataPattern.MUTATION_OFFSET; b < buf.byteSize(); b += JobSpec.BLOCK) {
                    buf.set(ValueLayout.JAVA_LONG_UNALIGNED, b, ++v);
                    n++;
                }
            }
            stores = n;
            storing.countDown();
        }
        stores = n;
        storing.countDown();
    }

    /** Waits until the first round of stores is done, so the I/O starts against a buffer that is changing. */
    void awaitStoring() throws InterruptedException {
        storing.await();
    }

    void stop() {
        stop = true;
    }

    long stores() {
        return stores;
    }
}
