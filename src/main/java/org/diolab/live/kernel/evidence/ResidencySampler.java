package org.diolab.live.kernel.evidence;

import java.io.IOException;
import java.nio.file.Path;
import java.util.concurrent.locks.LockSupport;
import org.diolab.sys.Fd;
import org.diolab.sys.LibC;
import org.diolab.sys.Threads;
import org.jspecify.annotations.Nullable;

/**
 * Watches a file's pages in the page cache while it is written ({@code cachestat}, every 200 µs; {@code mincore}
 * where the kernel predates cachestat). O_DIRECT that stays
 * direct never puts the file's data in the page cache; btrfs's buffered fallback copies it there, dirty, and writes it
 * back before the write returns, so pages come and go during the run. Seeing any cached, dirty or writeback page is
 * proof the data went through the page cache.
 */
public final class ResidencySampler implements AutoCloseable {
    /** What was seen: the most pages at once in each state, and in how many samples any page was cached. */
    public record Seen(
            boolean available, long samples, long samplesWithPages, long maxCached, long maxDirty, long maxWriteback) {
        public boolean pageCacheUsed() {
            return available && (maxCached > 0 || maxDirty > 0 || maxWriteback > 0);
        }
    }

    private final Fd fd;
    private final Path file;
    private volatile boolean stop;
    private volatile Seen seen = new Seen(false, 0, 0, 0, 0, 0);
    private final Thread thread;

    private ResidencySampler(Path file) throws IOException {
        this.fd = Fd.open(file, LibC.O_RDONLY | LibC.O_NOFOLLOW);
        this.file = file;
        this.thread = Threads.startDaemon("dio-lab-kernel-residency", this::loop); // last: the start publishes the rest
    }

    public static ResidencySampler start(Path file) throws IOException {
        return new ResidencySampler(file);
    }

    private void loop() {
        long samples = 0;
        long withPages = 0;
        long cached = 0;
        long dirty = 0;
        long writeback = 0;
        boolean available = false;
        boolean viaMincore = false;
        while (!stop) {
            long[] c = viaMincore ? null : cachestat();
            if (c == null) {
                viaMincore = true; // no cachestat before Linux 6.5: mincore sees cached pages, not their state
                c = mincore();
                if (c == null) {
                    break; // neither: the pin counter is the remaining signal
                }
            }
            available = true;
            samples++;
            if (c[0] > 0 || c[1] > 0 || c[2] > 0) {
                withPages++;
            }
            cached = Math.max(cached, c[0]);
            dirty = Math.max(dirty, c[1]);
            writeback = Math.max(writeback, c[2]);
            if ((samples & 15) == 0) {
                seen = new Seen(true, samples, withPages, cached, dirty, writeback);
            }
            LockSupport.parkNanos(200_000);
        }
        seen = new Seen(available, samples, withPages, cached, dirty, writeback);
    }

    /** {cached, dirty, writeback} through cachestat, or null where the kernel lacks it. */
    private long @Nullable [] cachestat() {
        Fd.CacheStat c = fd.cachestat();
        return c == null ? null : new long[] {c.cached(), c.dirty(), c.writeback()};
    }

    /** {cached, 0, 0} through mincore on a read-only mapping (the live engine's PageCache), or null. */
    private long[] mincore() {
        try {
            org.diolab.live.probe.CacheResidency r = org.diolab.live.probe.PageCache.residency(file);
            return r.known() ? new long[] {r.cachedPages(), 0, 0} : null;
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    /** Stops sampling and returns everything seen. */
    public Seen stop() {
        stop = true;
        Threads.joinUninterruptibly(thread);
        return seen;
    }

    @Override
    public void close() {
        stop();
        fd.close();
    }
}
