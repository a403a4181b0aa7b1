package org.diolab.live.run;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.SplittableRandom;
import org.diolab.live.job.BufferContent;
import org.diolab.live.job.JobSpec;

/**
 * Fills a write's buffer as fio's dedupe and compression settings say ({@link BufferContent}): each buffer comes
 * from a seed (a unique one, or, for {@code dedupe} percent of the writes, an earlier unique one: the last, or one of
 * the working set), chunk by chunk random bytes then zeros. The seeds are the job's, so the same job writes the same
 * bytes; with {@code dedupe_global} they do not depend on the file, so jobs sharing it repeat each other's blocks.
 * It counts the writes it made unique and repeated, for the report.
 */
final class WriteContent {
    private static final ValueLayout.OfLong WORD = ValueLayout.JAVA_LONG_UNALIGNED;

    private final BufferContent c;
    private final SplittableRandom choice;
    private final long base;
    private final long workingSet;
    private long uniques;
    private long lastUnique = -1;

    long uniqueWrites;
    long repeatedWrites;

    WriteContent(JobSpec job, int fileId) {
        this.c = job.content();
        long seed = job.randseed() * 0x9E3779B97F4A7C15L;
        this.choice = new SplittableRandom(seed ^ (fileId + 1) * 0xBF58476D1CE4E5B9L);
        // unique buffers are numbered; with dedupe_global every job numbers from the same base, so its repeats
        // (and its working set) are the other jobs' buffers too
        this.base = c.global() ? seed : seed ^ ((long) (fileId + 1) << 40);
        this.workingSet = Math.max(1, job.size() / job.bs() * c.workingSetShare() / 100);
    }

    /** Fills {@code buf} for the next write. */
    void fill(MemorySegment buf) {
        long id;
        boolean repeat = c.dedupe() > 0 && uniques > 0 && 1 + choice.nextInt(100) <= c.dedupe();
        if (repeat && c.workingSet()) {
            id = choice.nextLong(Math.min(uniques, workingSet));
        } else if (repeat) {
            id = lastUnique;
        } else {
            id = uniques++;
            lastUnique = id;
        }
        if (repeat) {
            repeatedWrites++;
        } else {
            uniqueWrites++;
        }
        long state = base + id * 0xD1B54A32D192ED03L; // splitmix64 from the buffer's seed: nothing allocated
        long size = buf.byteSize();
        long chunk = Math.min(c.chunk(), size);
        for (long at = 0; at < size; at += chunk) {
            long len = Math.min(chunk, size - at);
            long random = len * (100 - c.compress()) / 100;
            for (long i = 0; i < len; i += 8) {
                long word = 0;
                if (i < random) {
                    state += 0x9E3779B97F4A7C15L;
                    long z = state;
                    z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
                    z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
                    word = z ^ (z >>> 31);
                    if (random - i < 8) {
                        word &= -1L >>> (8 * (8 - (random - i))); // little-endian: the low bytes come first
                    }
                }
                if (len - i >= 8) {
                    buf.set(WORD, at + i, word);
                } else {
                    for (long b = i; b < len; b++) {
                        buf.set(ValueLayout.JAVA_BYTE, at + b, (byte) (word >>> (8 * (b - i))));
                    }
                }
            }
        }
    }
}
