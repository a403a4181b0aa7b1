package org.diolab.live.run;

import java.io.EOFException;
import java.io.IOException;
import java.lang.foreign.MemorySegment;
import java.util.SplittableRandom;
import java.util.concurrent.CountDownLatch;
import org.diolab.live.engine.IoEngine;
import org.diolab.live.engine.IoUnit;
import org.diolab.live.job.Cadence;
import org.diolab.live.job.CancelToken;
import org.diolab.live.job.CsumMode;
import org.diolab.live.job.JobSpec;
import org.diolab.live.job.Mode;
import org.diolab.live.job.Pacing;
import org.diolab.live.report.IoDepths;
import org.diolab.sys.Errno;
import org.diolab.sys.Fd;
import org.diolab.sys.LibC;
import org.jspecify.annotations.Nullable;

/**
 * One job thread: keeps up to its depth of I/Os in flight on its own file (and its mirrors) through its engine, fio's
 * loop: queue I/Os while there is room (committing every {@code iodepth_batch_submit}), and when the queue is full
 * (or nothing is left to issue) commit and reap at least {@code iodepth_batch_complete_min}. With a synchronous engine
 * the depth is 1 and each queue is the I/O itself.
 *
 * <p>Each slot of the queue has its own buffer (and bounce buffer), so checksums, verify headers, bounce copies and
 * the mutators' stores work per I/O at any depth: a write's checksum is taken (or started on the async checksum
 * thread) before it is queued, a read is checked when it completes, a mirrored write is one I/O per leg and completes
 * when every leg has. Latency is per I/O, from queueing to the reap that saw it complete. The hot loop allocates
 * nothing: units, slots and the engine's memory are made before the start gate.
 */
final class Worker implements Runnable {
    private final WorkerSetup s;
    private final WorkerStats stats;
    private final WorkerClock clock;
    private final CountDownLatch ready;
    private final CountDownLatch startGate;
    private final CountDownLatch done;
    private final CancelToken user;
    private final CancelToken abort;
    private final Crc32c crc;
    private final String name;

    // the queue: per slot, what is in flight
    private final int depth;
    private final int legs;
    private final IoUnit[] units;
    private final long[] slotOffset;
    private final int[] slotLength;
    private final boolean[] slotRead;
    private final long[] slotIssued;
    private final int[] slotPending;
    private final long[] slotCsum;
    private final int[] free;
    private int freeCount;
    private int inFlight;
    private int queued;
    private int unmarked; // new I/Os queued since the last commit: their depth is the one they are committed at
    private long lastCompletion;
    private final int flags;
    private final @Nullable WriteContent content;
    private final @Nullable PatternHeaders headers; // fio's verify_pattern: laid by writes, checked by reads
    private @Nullable IoEngine engine;

    Worker(
            WorkerSetup setup,
            WorkerStats stats,
            WorkerClock clock,
            CountDownLatch ready,
            CountDownLatch startGate,
            CountDownLatch done,
            CancelToken user,
            CancelToken abort,
            String name) {
        this.s = setup;
        this.stats = stats;
        this.clock = clock;
        this.ready = ready;
        this.startGate = startGate;
        this.done = done;
        this.user = user;
        this.abort = abort;
        this.crc = Crc32c.of(setup.job().csumImpl());
        this.name = name;
        JobSpec job = setup.job();
        this.depth = job.depth();
        this.legs = job.rw().writes() ? job.mirrors() : 1;
        this.units = new IoUnit[depth * legs];
        for (int i = 0; i < units.length; i++) {
            units[i] = new IoUnit(i);
        }
        this.slotOffset = new long[depth];
        this.slotLength = new int[depth];
        this.slotRead = new boolean[depth];
        this.slotIssued = new long[depth];
        this.slotPending = new int[depth];
        this.slotCsum = new long[depth];
        this.flags = (job.mode() == Mode.DONTCACHE ? LibC.RWF_DONTCACHE : 0) | (job.nowait() ? LibC.RWF_NOWAIT : 0);
        this.content = job.content().refills() ? new WriteContent(job, setup.fileId()) : null;
        stats.content = content;
        this.headers = PatternHeaders.of(job, setup.fileId() + 1);
        this.free = new int[depth];
        for (int k = depth - 1; k >= 0; k--) {
            free[freeCount++] = k;
        }
    }

    @Override
    public void run() {
        boolean signalled = false;
        try {
            engine = openEngine(); // on this thread: an io_uring ring belongs to the thread that made it
            ready.countDown();
            signalled = true;
            startGate.await();
            loop();
            if (s.exit() != null && !abort.isCancelled() && !user.isCancelled()) {
                s.exit().run(); // fio's exitall: this thread ended on its own (size, number_ios or time)
            }
        } catch (Throwable t) {
            stats.failure = t;
            abort.cancel(); // one failed thread stops the others; the runner reports the first failure
        } finally {
            if (!signalled) {
                ready.countDown();
            }
            drainQuietly();
            if (s.flow() != null) {
                s.flow().leave(); // as fio's job exit: the flow's other members are no longer held to this one
            }
            stats.endNanos = System.nanoTime();
            if (engine != null) {
                engine.close();
            }
            done.countDown();
        }
    }

    private IoEngine openEngine() throws IOException {
        Fd[] fds = new Fd[s.targets().length];
        for (int i = 0; i < fds.length; i++) {
            fds[i] = s.targets()[i].fd();
        }
        MemorySegment[] dma = s.bounce() != null ? s.bounce() : s.user();
        return IoEngine.open(s.job().engine(), fds, units, dma, name);
    }

    private void loop() throws Exception {
        JobSpec job = s.job();
        long seed = job.randseed() * 31 + s.fileId();
        IoPicker readPicker = IoPicker.of(job, true, seed, null);
        IoPicker writePicker = IoPicker.of(job, false, seed, readPicker);
        stats.readPicker = readPicker;
        stats.writePicker = writePicker;
        MixCycle mix =
                new MixCycle(new SplittableRandom(job.randseed() ^ (0x9E37L * (s.fileId() + 1))), job.rwmixread());
        boolean timeBased = clock.timeBased;
        boolean deadlineApplies = timeBased || clock.capped;
        long deadline = clock.deadlineNanos;
        long limit = timeBased ? Long.MAX_VALUE : job.size() * job.loops(); // bytes, as fio's io_size
        boolean mixed = job.rw().mixed();
        boolean reads = job.rw().reads();
        Pacing pacing = job.pacing();
        boolean paced = pacing.throttles();
        long minSize =
                job.access().split().isNone() ? job.bs() : job.access().split().min();
        Pacer pacer = new Pacer(pacing, minSize, job.randseed() + s.fileId(), clock, user, abort, queue());
        int batch = job.engine().batchSubmit();
        int completeMin = Math.max(1, job.engine().completeMin());
        int completeMax = job.engine().completeMax() * legs;
        IoEngine e = engine;
        boolean stopping = false;
        long issued = 0;
        long issuedBytes = 0;
        long readIssued = 0;
        long writeIssued = 0;
        long readBytes = 0;
        long writeBytes = 0;
        Cadence cadence = job.cadence();
        long ioLimit = cadence.ioLimit(job.loops()); // fio's number_ios: at most this many issued
        long thinkNanos = cadence.think().toNanos();
        int thinkBlocks = cadence.thinkBlocks();
        int thinkDepth = thinkNanos > 0 ? Math.min(depth, thinkBlocks) : depth; // fio: never more than the blocks
        while (!stopping || inFlight > 0) {
            while (!stopping && inFlight < thinkDepth) {
                if (issuedBytes >= limit || issued >= ioLimit || user.isCancelled() || abort.isCancelled()) {
                    stopping = true;
                    break;
                }
                if (s.flow() != null && s.flow().overShare()) {
                    if (flowWait(deadlineApplies, deadline)) {
                        stopping = true;
                    }
                    continue; // asked again after the wait, with the stop conditions above
                }
                boolean read = mixed ? mix.nextIsRead() : reads;
                long due = paced ? pacer.pace(read, read ? readIssued : writeIssued, read ? readBytes : writeBytes) : 0;
                if (paced && deadlineApplies && System.nanoTime() - deadline >= 0) {
                    stopping = true; // a rated job's time ran out while it waited for this I/O's due time
                    break;
                }
                IoPicker picker = read ? readPicker : writePicker;
                long offset = picker.next();
                int len = (int) picker.length;
                if (read) {
                    readIssued++;
                    readBytes += len;
                } else {
                    writeIssued++;
                    writeBytes += len;
                }
                issuedBytes += len;
                issue(free[--freeCount], read, offset, len, issued++, due);
                if (queued >= batch || queued == 0) { // none queued: a synchronous engine did the I/O
                    if (queued > 0) {
                        e.commit();
                        queued = 0;
                    }
                    markDepth();
                }
                if (deadlineApplies && inFlight == 0 && lastCompletion - deadline >= 0) {
                    stopping = true; // a synchronous engine: the I/O is done, the time is up
                }
                if (thinkNanos > 0
                        && !stopping
                        && issued % thinkBlocks == 0
                        && think(thinkNanos, deadlineApplies, deadline)) {
                    stopping = true; // the time ran out during the stall
                }
            }
            if (inFlight == 0) {
                continue;
            }
            long now = reap(completeMin, completeMax); // every slot has a unit in flight
            if (deadlineApplies && now - deadline >= 0) {
                stopping = true; // what is in flight completes and counts; nothing new is issued
            }
        }
    }

    /**
     * Reaps at least {@code min} completions (as many as are in flight at most; 0: what is done now) and at most
     * {@code max}, settling each and queueing again what is not done; returns the time it saw them.
     */
    private long reap(int min, int max) throws Exception {
        markDepth(); // getevents commits what is still queued
        IoEngine e = engine;
        int n = e.getevents(Math.min(min, inFlight), max);
        queued = 0;
        long now = System.nanoTime();
        for (int i = 0; i < n; i++) {
            IoUnit u = e.event(i);
            if (!finished(u, now)) {
                submit(u);
            }
        }
        return now;
    }

    /**
     * Over its flow share: with fio's flow_sleep, drains the queue (fio quiesces) and sleeps; without, waits for one
     * completion, or yields when none is in flight. True when the job's time ran out meanwhile.
     */
    private boolean flowWait(boolean deadlineApplies, long deadline) throws Exception {
        long sleep = s.flow().sleepNanos();
        if (sleep > 0) {
            while (inFlight > 0) {
                reap(inFlight, units.length);
            }
            java.util.concurrent.locks.LockSupport.parkNanos(sleep);
        } else if (inFlight > 0) {
            reap(1, units.length);
        } else {
            Thread.yield();
        }
        return deadlineApplies && System.nanoTime() - deadline >= 0;
    }

    /** fio's thinktime: once the I/Os are done (fio quiesces), stalls {@code nanos}; true when the time ran out. */
    private boolean think(long nanos, boolean deadlineApplies, long deadline) throws Exception {
        while (inFlight > 0) {
            reap(inFlight, units.length);
        }
        long now = System.nanoTime();
        long wake = deadlineApplies && now + nanos - deadline > 0 ? deadline : now + nanos;
        for (long left = wake - System.nanoTime(); left > 0 && !user.isCancelled() && !abort.isCancelled(); ) {
            java.util.concurrent.locks.LockSupport.parkNanos(Math.min(left, 50_000_000L)); // a cancel: within 50 ms
            left = wake - System.nanoTime();
        }
        return deadlineApplies && System.nanoTime() - deadline >= 0;
    }

    /** The queue as the pacer sees it while it waits for an I/O's due time. */
    private Pacer.Queue queue() {
        int max = units.length;
        return new Pacer.Queue() {
            @Override
            public int inFlight() {
                return inFlight;
            }

            @Override
            public void reap(int min) throws Exception {
                Worker.this.reap(min, max);
            }
        };
    }

    /**
     * Prepares slot {@code k}'s I/O of {@code bs} bytes and queues its units; {@code due} is its due time under an
     * offloaded rate (its latency counts from then), else 0.
     */
    private void issue(int k, boolean read, long offset, int bs, long issued, long due) throws Exception {
        JobSpec job = s.job();
        boolean whole = bs == job.bs();
        slotOffset[k] = offset;
        slotLength[k] = bs;
        slotRead[k] = read;
        inFlight++;
        unmarked++;
        if (read) {
            // RAID1 reads alternate between mirrors (btrfs read_policy=round-robin): after a divergence, what a read
            // returns depends on which mirror served it.
            int target = s.targets().length == 1 ? 0 : (int) (issued % s.targets().length);
            MemorySegment dst = s.bounce() != null ? s.bounce()[k] : s.user()[k];
            slotPending[k] = 1;
            slotIssued[k] = issueTime(due);
            IoUnit u = units[k * legs];
            u.set(target, false, dst.address(), bs, offset, flags, k, false);
            submit(u);
            return;
        }
        MemorySegment src = whole ? s.user()[k] : s.user()[k].asSlice(0, bs);
        if (content != null) {
            content.fill(src);
        }
        if (headers != null) {
            headers.fill(src, offset, issued);
        }
        if (job.verify()) {
            s.pattern().stamp(src, offset, s.fileId());
        }
        if (s.bounce() != null) {
            // The bounce: one private snapshot; from here on the user's stores cannot reach the device.
            MemorySegment.copy(src, 0, s.bounce()[k], 0, src.byteSize());
            src = whole ? s.bounce()[k] : s.bounce()[k].asSlice(0, bs);
        }
        if (s.cached() == null) {
            switch (job.csum()) {
                case NONE -> {}
                case SYNC -> s.table().store(crc, src, offset);
                case ASYNC -> slotCsum[k] = s.async().submit(s.table(), src, offset);
            }
        }
        slotPending[k] = legs;
        slotIssued[k] = issueTime(due);
        // legs last to first: on a synchronous engine legs 1.. go to their helpers, leg 0 runs here meanwhile
        for (int l = legs - 1; l >= 0; l--) {
            IoUnit u = units[k * legs + l];
            u.set(l, true, src.address(), bs, offset, flags, k, l > 0);
            submit(u);
        }
    }

    /** When an I/O's latency starts: now, or its due time when the rate is offloaded (fio's io_submit_mode). */
    private long issueTime(long due) {
        long now = System.nanoTime();
        return due != 0 && s.job().pacing().offload() ? Math.min(due, now) : now;
    }

    /**
     * fio's IO depths: the I/Os just handed to the kernel count at the depth the thread has now, themselves
     * included (a synchronous engine's, done before this, at 1).
     */
    private void markDepth() {
        if (unmarked > 0) {
            stats.depths[IoDepths.bucket(inFlight)] += unmarked;
            unmarked = 0;
        }
    }

    /** Queues {@code u}; a synchronous engine does it at once, and what it did is settled here. */
    private void submit(IoUnit u) throws Exception {
        IoEngine e = engine;
        while (e.queue(u)) {
            lastCompletion = System.nanoTime();
            if (finished(u, lastCompletion)) {
                return;
            }
        }
        queued++;
    }

    /**
     * Settles a unit the engine returned: true when its part of the slot is done (and the slot, once all its legs
     * are), false when it must be queued again: a short transfer (the rest), EINTR, or EAGAIN under RWF_NOWAIT
     * (counted, then reissued without the flag, as io_uring punts to a worker).
     */
    private boolean finished(IoUnit u, long now) throws Exception {
        long r = u.result();
        if (r == u.length()) {
            int k = u.index() / legs;
            if (--slotPending[k] == 0) {
                complete(k, now);
            }
            return true;
        }
        if (r > 0) {
            u.advance(r);
            return false;
        }
        IoTarget t = s.targets()[u.file()];
        if (r == 0) {
            throw new EOFException((u.write() ? "write made no progress on " : "read past the end of ") + t.path()
                    + " at " + u.offset());
        }
        int errno = (int) -r;
        if (errno == Errno.EINTR) {
            return false;
        }
        if (errno == Errno.EAGAIN && (u.rwFlags() & LibC.RWF_NOWAIT) != 0) {
            stats.eagains++;
            u.clearFlag(LibC.RWF_NOWAIT);
            return false;
        }
        throw NativeTarget.failure(engine.name(), u.write(), u.rwFlags(), t, u.offset(), errno);
    }

    /** Slot {@code k}'s I/O is done: checks, the latency, and the slot back on the free list. */
    private void complete(int k, long now) throws Exception {
        JobSpec job = s.job();
        long offset = slotOffset[k];
        int len = slotLength[k];
        boolean whole = len == job.bs();
        if (slotRead[k]) {
            MemorySegment full = s.bounce() != null ? s.bounce()[k] : s.user()[k];
            MemorySegment dst = whole ? full : full.asSlice(0, len);
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
            if (headers != null) {
                headers.check(dst, offset, stats); // fio's do_verify: counted in its intervals, not 4 KiB blocks
            }
            if (s.bounce() != null) {
                MemorySegment.copy(dst, 0, s.user()[k], 0, dst.byteSize());
            }
            stats.recordRead(now - slotIssued[k], len);
        } else {
            if (s.cached() != null) {
                // The buffered fallback with checksums (968f19c5b1b7): the checksum is taken from what the page cache
                // got, as writeback takes it from the folio, so a store into the user's buffer after the copy cannot
                // make them disagree. The engine reads the page cache back (a copy the kernel does not make).
                MemorySegment cached = whole ? s.cached()[k] : s.cached()[k].asSlice(0, len);
                s.targets()[0].read(cached, offset);
                s.table().store(crc, cached, offset);
            } else if (job.csum() == CsumMode.ASYNC) {
                s.async().await(slotCsum[k]); // csum_done before end_io: no write completes before its checksum
                now = System.nanoTime();
            }
            stats.recordWrite(now - slotIssued[k], len);
        }
        free[freeCount++] = k;
        inFlight--;
    }

    /** After a failure or cancel: waits for what is still in flight, so no buffer is freed under the device. */
    private void drainQuietly() {
        IoEngine e = engine;
        if (e == null) {
            return;
        }
        try {
            for (int tries = 0; inFlight > 0 && tries < 10_000; tries++) {
                markDepth(); // getevents commits what is still queued
                int n = e.getevents(1, units.length);
                for (int i = 0; i < n; i++) {
                    int k = e.event(i).index() / legs; // done or failed, nothing is queued again now
                    if (--slotPending[k] == 0) {
                        inFlight--;
                    }
                }
                if (n == 0) {
                    break;
                }
            }
        } catch (IOException | RuntimeException ignored) {
            // closing the engine cancels the rest (io_destroy waits; a ring's exit waits for its requests)
        }
    }
}
