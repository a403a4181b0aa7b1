package org.diolab.live.kernel.scenario;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.channels.FileChannel;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.locks.LockSupport;
import org.HdrHistogram.Histogram;
import org.diolab.live.job.CancelToken;
import org.diolab.sys.Errno;
import org.diolab.sys.Fd;
import org.diolab.sys.LibC;
import org.diolab.sys.Threads;
import org.jspecify.annotations.Nullable;

/**
 * One writer changing a file's folios while a flusher thread keeps their writeback running: the flusher loops
 * {@code sync_file_range(SYNC_FILE_RANGE_WRITE)} over the file (it starts writeback and takes no inode lock, so it
 * never holds the writer up itself), the writer puts a new stamp ({@link BlockStamp}) into a random block, by
 * write(2) or by a store through a shared mapping. Around every write it asks cachestat(2) whether that block's folio
 * is under writeback, just before and just after, and times the write; a sampler thread meanwhile asks how much of
 * the file is under writeback at all. A writer that runs freely finds its folio under writeback about as often as
 * the sampler finds blocks there, and returns from such a write in microseconds with the writeback still running; a
 * writer the kernel holds back while a writeback runs almost never finds one (it is asleep until the writeback is
 * over) and returns only after it. One writer, so its times hold no wait for another writer's inode lock.
 */
final class WritebackRace {
    /** How long the writer goes on after the flusher stopped. */
    static final long TAIL_NANOS = 20_000_000L;

    /** How the writer changes the folio. */
    enum Mode {
        WRITE("write", "write(2)"),
        MMAP("mmap", "stores through a shared mapping");

        final String id;
        final String label;

        Mode(String id, String label) {
            this.id = id;
            this.label = label;
        }
    }

    /**
     * What one race did.
     *
     * @param foundWriteback      writes that found their block's folio under writeback just before
     * @param stillUnderWriteback of those, the writes after which the folio was (again or still) under writeback
     * @param writebackShare      the sampler's mean share of the file's blocks under writeback: how often a freely
     *                            running writer's probe would find its folio there
     * @param lastGeneration      per block, the last generation the writer put there (what the page cache holds), or
     *                            -1 for a block this race did not write
     */
    record Stats(
            long writes,
            long errors,
            String firstError,
            long foundWriteback,
            long stillUnderWriteback,
            long p50FoundNanos,
            long p99FoundNanos,
            long p50OtherNanos,
            long flushes,
            long samples,
            double writebackShare,
            long elapsedNanos,
            List<Integer> lastGeneration) {
        Stats {
            lastGeneration = List.copyOf(lastGeneration);
        }

        /** How many writes would have found their folio under writeback, had the writer run freely. */
        double expectedFound() {
            return writebackShare * writes;
        }

        Stats with(long flushCalls, long samplerSamples, double share) {
            return new Stats(
                    writes,
                    errors,
                    firstError,
                    foundWriteback,
                    stillUnderWriteback,
                    p50FoundNanos,
                    p99FoundNanos,
                    p50OtherNanos,
                    flushCalls,
                    samplerSamples,
                    share,
                    elapsedNanos,
                    lastGeneration);
        }
    }

    private final Path file;
    private final int blocks;
    private final Mode mode;
    private final int firstGeneration;
    private volatile boolean stop;
    private volatile boolean stopFlushing;
    private volatile @Nullable Stats stats;
    private volatile @Nullable Throwable failure;
    private volatile long flushes;
    private volatile long samples;
    private volatile double share;

    private WritebackRace(Path file, int blocks, Mode mode, int firstGeneration) {
        this.file = file;
        this.blocks = blocks;
        this.mode = mode;
        this.firstGeneration = firstGeneration;
    }

    /**
     * Races for {@code time} over the first {@code blocks} blocks of {@code file}, generations from
     * {@code firstGeneration} on; both threads have stopped when this returns (no writeback is awaited).
     */
    static Stats run(Path file, int blocks, Mode mode, Duration time, int firstGeneration, CancelToken cancel)
            throws IOException {
        WritebackRace r = new WritebackRace(file, blocks, mode, firstGeneration);
        Thread flusher = Threads.startDaemon("dio-lab-flusher", r::flush);
        Thread sampler = Threads.startDaemon("dio-lab-sampler", r::sample);
        Thread writer = Threads.startDaemon("dio-lab-writer", r::write);
        long end = System.nanoTime() + time.toNanos();
        while (System.nanoTime() < end && !cancel.isCancelled() && r.failure == null) {
            LockSupport.parkNanos(Math.min(20_000_000L, Math.max(0, end - System.nanoTime())));
        }
        // The flusher stops first and the writer a moment later: the last writes then meet the last writeback and
        // leave their folios dirty, so whatever that writeback left on each leg is still there to be read.
        r.stopFlushing = true;
        Threads.joinAllUninterruptibly(List.of(flusher, sampler));
        LockSupport.parkNanos(TAIL_NANOS);
        r.stop = true;
        Threads.joinUninterruptibly(writer);
        cancel.throwIfCancelled();
        Throwable f = r.failure;
        if (f != null) {
            throw f instanceof IOException io ? io : new IOException(f.getMessage(), f);
        }
        Stats s = r.stats;
        if (s == null) {
            throw new IOException("the writer stopped without reporting");
        }
        return s.with(r.flushes, r.samples, r.share);
    }

    private void flush() {
        try (Fd fd = Fd.open(file, LibC.O_RDONLY | LibC.O_NOFOLLOW)) {
            long n = 0;
            while (!stop && !stopFlushing) {
                long r = fd.syncFileRange(0, (long) blocks * BlockStamp.BLOCK, LibC.SYNC_FILE_RANGE_WRITE);
                if (r != 0) {
                    throw new IOException("sync_file_range " + file + ": " + Errno.name((int) -r));
                }
                n++;
            }
            flushes = n;
        } catch (IOException | RuntimeException e) {
            failure = e;
        }
    }

    /** Samples the share of the file's blocks under writeback while the flusher runs. */
    private void sample() {
        try (Fd fd = Fd.open(file, LibC.O_RDONLY | LibC.O_NOFOLLOW)) {
            long n = 0;
            double sum = 0;
            while (!stop && !stopFlushing) {
                Fd.CacheStat c = fd.cachestat(0, (long) blocks * BlockStamp.BLOCK);
                if (c == null) {
                    break;
                }
                sum += Math.min(1.0, (double) c.writeback() / blocks);
                n++;
                LockSupport.parkNanos(10_000);
            }
            samples = n;
            share = n == 0 ? 0 : sum / n;
        } catch (IOException | RuntimeException e) {
            failure = e;
        }
    }

    private void write() {
        try (Arena arena = Arena.ofConfined();
                Fd fd = Fd.open(file, LibC.O_RDWR | LibC.O_NOFOLLOW)) {
            MemorySegment buf = arena.allocate(BlockStamp.BLOCK, BlockStamp.BLOCK);
            MemorySegment map = null;
            if (mode == Mode.MMAP) {
                try (FileChannel ch = FileChannel.open(
                        file, StandardOpenOption.READ, StandardOpenOption.WRITE, LinkOption.NOFOLLOW_LINKS)) {
                    map = ch.map(FileChannel.MapMode.READ_WRITE, 0, (long) blocks * BlockStamp.BLOCK, arena);
                }
            }
            loop(fd, buf, map);
        } catch (IOException | RuntimeException e) {
            failure = e;
        }
    }

    private void loop(Fd fd, MemorySegment buf, @Nullable MemorySegment map) {
        Histogram found = new Histogram(10_000_000_000L, 2);
        Histogram other = new Histogram(10_000_000_000L, 2);
        Integer[] last = new Integer[blocks];
        java.util.Arrays.fill(last, -1);
        SplittableRandom rnd = new SplittableRandom(blocks * 31L + mode.ordinal());
        long writes = 0;
        long errors = 0;
        String firstError = "";
        long foundWb = 0;
        long still = 0;
        int gen = firstGeneration;
        long t0 = System.nanoTime();
        while (!stop) {
            int b = rnd.nextInt(blocks);
            long off = (long) b * BlockStamp.BLOCK;
            BlockStamp.write(buf, 0, b, gen);
            boolean before = underWriteback(fd, off);
            long start = System.nanoTime();
            if (map != null) {
                MemorySegment.copy(buf, 0, map, off, BlockStamp.BLOCK);
            } else {
                long n = fd.pwrite(buf.address(), BlockStamp.BLOCK, off);
                if (n != BlockStamp.BLOCK) {
                    errors++;
                    firstError = firstError.isEmpty() ? (n < 0 ? Errno.name((int) -n) : n + " bytes") : firstError;
                    continue;
                }
            }
            long took = Math.max(1, System.nanoTime() - start);
            boolean after = underWriteback(fd, off);
            (before ? found : other).recordValue(Math.min(took, found.getHighestTrackableValue()));
            foundWb += before ? 1 : 0;
            still += before && after ? 1 : 0;
            last[b] = gen;
            gen++;
            writes++;
        }
        stats = new Stats(
                writes,
                errors,
                firstError,
                foundWb,
                still,
                found.getTotalCount() == 0 ? 0 : found.getValueAtPercentile(50),
                found.getTotalCount() == 0 ? 0 : found.getValueAtPercentile(99),
                other.getTotalCount() == 0 ? 0 : other.getValueAtPercentile(50),
                0,
                0,
                0,
                System.nanoTime() - t0,
                List.of(last));
    }

    private static boolean underWriteback(Fd fd, long off) {
        Fd.CacheStat c = fd.cachestat(off, BlockStamp.BLOCK);
        return c != null && c.writeback() > 0;
    }
}
