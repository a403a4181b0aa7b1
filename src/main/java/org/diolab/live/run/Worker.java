package org.diolab.live.run;

import java.io.IOException;
import java.lang.foreign.MemorySegment;
import java.util.SplittableRandom;
import java.util.concurrent.CountDownLatch;
import org.diolab.live.job.CancelToken;
import org.diolab.live.job.CsumMode;
import org.diolab.live.job.JobSpec;
import org.diolab.live.job.RwPattern;

/**
 * One job thread: psync semantics, one synchronous positional I/O at a time on its own file (and its mirrors).
 *
 * <p>The hot loop is kept as short as fio's: one aligned buffer reused for every I/O, one libc call per transfer,
 * no allocation on any path (mirror legs and the async checksum are handed to {@link HelperThread}s), a
 * {@code nanoTime} pair per I/O into this thread's own histogram, counters published with plain release stores.
 * Policies (bounce, checksums, mirrors, verify) are branches on final fields, cheap next to a syscall.
 */
final class Worker implements Runnable {
    /** Shared by all workers of a run; written before the start gate opens, read after it. */
    static final class Clock {
        long startNanos;
        long deadlineNanos;
        boolean timeBased;
    }

    /** Everything one worker uses; built by {@link JobRunner}, owned by the worker while it runs. */
    /**
     * @param cached where a page-cache write (buffered, DONTCACHE) with checksums reads back what the page cache
     *               got, to checksum that (as writeback would), or null
     */
    record Setup(
            JobSpec job,
            int fileId,
            IoTarget[] targets,
            MemorySegment user,
            MemorySegment bounce,
            MemorySegment cached,
            DataPattern pattern,
            ChecksumTable table,
            MirrorLegs legs,
            AsyncChecksummer async) {}

    private final Setup s;
    private final WorkerStats stats;
    private final Clock clock;
    private final CountDownLatch startGate;
    private final CountDownLatch done;
    private final CancelToken user;
    private final CancelToken abort;
    private final Crc32c crc;

    Worker(
            Setup setup,
            WorkerStats stats,
            Clock clock,
            CountDownLatch startGate,
            CountDownLatch done,
            CancelToken user,
            CancelToken abort) {
        this.s = setup;
        this.stats = stats;
        this.clock = clock;
        this.startGate = startGate;
        this.done = done;
        this.user = user;
        this.abort = abort;
        this.crc = Crc32c.of(setup.job().csumImpl());
    }

    @Override
    public void run() {
        try {
            startGate.await();
            loop();
        } catch (Throwable t) {
            stats.failure = t;
            abort.cancel(); // one failed thread stops the others; the runner reports the first failure
        } finally {
            stats.endNanos = System.nanoTime();
            done.countDown();
        }
    }

    private void loop() throws Exception {
        JobSpec job = s.job();
        long bs = job.bs();
        long blocks = job.size() / bs;
        BlockOrder order = job.rw().random()
                ? BlockOrder.random(blocks, job.randseed() * 31 + s.fileId())
                : BlockOrder.sequential(blocks);
        MixCycle mix =
                new MixCycle(new SplittableRandom(job.randseed() ^ (0x9E37L * (s.fileId() + 1))), job.rwmixread());
        boolean timeBased = clock.timeBased;
        long deadline = clock.deadlineNanos;
        long limit = timeBased ? Long.MAX_VALUE : blocks;
        RwPattern rw = job.rw();
        for (long issued = 0; issued < limit; issued++) {
            if (user.isCancelled() || abort.isCancelled()) {
                return;
            }
            long offset = order.next() * bs;
            boolean read = rw == RwPattern.RANDRW ? mix.nextIsRead() : rw.reads();
            long t0 = System.nanoTime();
            if (read) {
                read(offset, issued);
            } else {
                write(offset);
            }
            long t1 = System.nanoTime();
            if (read) {
                stats.recordRead(t1 - t0, bs);
            } else {
                stats.recordWrite(t1 - t0, bs);
            }
            if (timeBased && t1 - deadline >= 0) {
                return;
            }
        }
    }

    private void write(long offset) throws Exception {
        JobSpec job = s.job();
        MemorySegment src = s.user();
        if (job.verify()) {
            s.pattern().stamp(src, offset, s.fileId());
        }
        if (s.bounce() != null) {
            // The bounce: one private snapshot; from here on the user's stores cannot reach the device.
            MemorySegment.copy(src, 0, s.bounce(), 0, src.byteSize());
            src = s.bounce();
        }
        if (s.cached() != null) {
            writeThroughPageCache(src, offset);
            return;
        }
        switch (job.csum()) {
            case NONE -> {}
            case SYNC -> s.table().store(crc, src, offset);
            case ASYNC -> s.async().start(s.table(), src, offset);
        }
        try {
            if (s.legs() == null) {
                s.targets()[0].write(src, offset);
            } else {
                s.legs().writeAll(src, offset);
            }
        } finally {
            if (job.csum() == CsumMode.ASYNC) {
                s.async().await(); // csum_done before end_io: never complete a write whose checksum is still running
            }
        }
    }

    /**
     * The buffered fallback with checksums (968f19c5b1b7): write(2) copies the buffer into the page cache, and the
     * checksum is taken from that copy, as writeback takes it from the folio, so a store into the user's buffer
     * after the copy cannot make them disagree. The engine reads the page cache back to checksum it (one memory
     * copy the kernel does not make: it reads the folio in place).
     */
    private void writeThroughPageCache(MemorySegment src, long offset) throws IOException {
        if (s.legs() == null) {
            s.targets()[0].write(src, offset);
        } else {
            s.legs().writeAll(src, offset);
        }
        s.targets()[0].read(s.cached(), offset);
        s.table().store(crc, s.cached(), offset);
    }

    private void read(long offset, long issued) throws IOException {
        JobSpec job = s.job();
        IoTarget[] targets = s.targets();
        // RAID1 reads alternate between mirrors (btrfs read_policy=round-robin): after a divergence, what a read
        // returns depends on which mirror served it.
        IoTarget t = targets.length == 1 ? targets[0] : targets[(int) (issued % targets.length)];
        MemorySegment dst = s.bounce() != null ? s.bounce() : s.user();
        t.read(dst, offset);
        // Checks run on the buffer the data landed in: the user's for zero-copy modes (where a concurrent store
        // makes good data look corrupt, S000), the private one for bounce.
        if (job.csum() != CsumMode.NONE) {
            stats.csumCheckedOnRead += dst.byteSize() / JobSpec.BLOCK;
            stats.csumMismatchesOnRead += s.table().countMismatches(crc, dst, offset);
        }
        if (job.verify()) {
            stats.verifyBlocks += dst.byteSize() / JobSpec.BLOCK;
            stats.verifyErrors += s.pattern().countBad(dst, 0, dst.byteSize(), offset, s.fileId());
        }
        if (s.bounce() != null) {
            MemorySegment.copy(dst, 0, s.user(), 0, dst.byteSize());
        }
    }
}
