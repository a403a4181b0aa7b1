package org.diolab.live.kernel.scenario;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.file.Path;
import java.time.Duration;
import org.diolab.live.kernel.evidence.PinCounter;
import org.diolab.live.kernel.evidence.ResidencySampler;

/**
 * Writes a file for a while, optionally while a scribbler rewrites the buffer, and watches how the kernel took the
 * data: through the page cache (pages of the file cached, dirty or under writeback during the run: btrfs's buffered
 * fallback), or directly with the user's pages pinned (zero-copy), or directly without pinning them (a bounce copy).
 */
final class WriteProbe {
    /** How the kernel handled the writes, as far as the two signals tell. */
    enum Mechanism {
        BUFFERED("buffered fallback"),
        ZERO_COPY("zero-copy"),
        BOUNCE("bounce"),
        COPIED("copied (buffered or bounce)"),
        UNKNOWN("unknown");

        final String label;

        Mechanism(String label) {
            this.label = label;
        }
    }

    /** What one probe measured. */
    record Result(
            IoLoop.Counts writes, long bufferRewrites, ResidencySampler.Seen cache, long pins, long pagesWritten) {
        /**
         * Page-cache use is proof of the buffered path; without it, pins below half the pages written prove the
         * pages were copied (other processes only add pins), and pins at least that many fit zero-copy.
         */
        Mechanism mechanism() {
            if (cache.pageCacheUsed()) {
                return Mechanism.BUFFERED;
            }
            if (pins < 0 || pagesWritten == 0) {
                return Mechanism.UNKNOWN;
            }
            if (pins < pagesWritten / 2) {
                return cache.available() ? Mechanism.BOUNCE : Mechanism.COPIED;
            }
            return Mechanism.ZERO_COPY;
        }

        /** Evidence under {@code prefix}: writes, rewrites, page-cache high-water marks, pins per page written. */
        void addTo(ResultBuilder r, String prefix, String label) {
            r.measure(prefix + "_writes", label + ": writes", writes.ios())
                    .measure(prefix + "_write_errors", label + ": of them failed", writes.failures())
                    .measure(prefix + "_mib_per_s", label + ": MiB/s", writes.mibPerSecond());
            if (bufferRewrites >= 0) {
                r.measure(prefix + "_buffer_rewrites", label + ": buffer rewrites during the writes", bufferRewrites);
            }
            if (cache.available()) {
                r.measure(
                                prefix + "_max_cached_pages",
                                label + ": most file pages in the page cache at once",
                                cache.maxCached())
                        .measure(prefix + "_max_dirty_pages", label + ": most dirty at once", cache.maxDirty())
                        .measure(
                                prefix + "_max_writeback_pages",
                                label + ": most under writeback at once",
                                cache.maxWriteback())
                        .measure(prefix + "_cache_samples", label + ": page-cache samples (cachestat)", cache.samples())
                        .measure(
                                prefix + "_cache_samples_with_pages",
                                label + ": samples that found pages",
                                cache.samplesWithPages());
            }
            if (pins >= 0) {
                r.measure(prefix + "_pins", label + ": FOLL_PIN pins taken system-wide meanwhile", pins)
                        .measure(prefix + "_pages_written", label + ": pages written", pagesWritten);
            }
            r.fact(prefix + "_mechanism", label + ": how the kernel took the data", mechanism().label);
        }
    }

    private WriteProbe() {}

    /** {@code time} of {@code ioSize} writes over a {@code fileBytes} file; {@code scribble} rewrites the buffer. */
    static Result run(
            ScenarioRun s, Path file, long fileBytes, long ioSize, Duration time, boolean direct, boolean scribble)
            throws IOException {
        return run(s, file, fileBytes, ioSize, time, direct, scribble, false);
    }

    /** As above; {@code syncPasses} ends every pass over the file with a timed fsync (see {@link IoLoop}). */
    static Result run(
            ScenarioRun s,
            Path file,
            long fileBytes,
            long ioSize,
            Duration time,
            boolean direct,
            boolean scribble,
            boolean syncPasses)
            throws IOException {
        try (Arena arena = Arena.ofShared()) {
            MemorySegment buf = IoLoop.buffer(arena, ioSize);
            buf.fill((byte) 0x5a);
            long pins0 = PinCounter.read();
            IoLoop.Counts writes;
            long rewrites = -1;
            ResidencySampler.Seen seen;
            try (ResidencySampler sampler = ResidencySampler.start(file)) {
                Scribbler.IoWork<IoLoop.Counts> work =
                        () -> IoLoop.writes(file, buf, fileBytes, time, direct, syncPasses, s.cancel());
                if (scribble) {
                    Scribbler.During<IoLoop.Counts> d = Scribbler.during(buf, work::run);
                    writes = d.result();
                    rewrites = d.passes();
                } else {
                    writes = work.run();
                }
                seen = sampler.stop();
            }
            long pins1 = PinCounter.read();
            long pins = pins0 < 0 || pins1 < 0 ? -1 : pins1 - pins0;
            return new Result(writes, rewrites, seen, pins, writes.bytes() / 4096);
        }
    }
}
