package org.diolab.live.job;

/**
 * What written buffers hold, when a job asks for fio's dedupe and compression settings; {@link #PATTERN} is DIO Lab's
 * default (its seeded pattern, laid in the buffers once). With any of them set, each write's buffer is filled afresh
 * (fio turns refill_buffers on for them): chunk by chunk, {@code 100 - compress} percent random bytes from a seed and
 * the rest zeros, so the block compresses to about {@code compress} percent; {@code dedupe} percent of the writes
 * reuse the seed of an earlier one, so they are byte for byte a block written before.
 *
 * @param dedupe          fio's dedupe_percentage: writes that repeat an earlier buffer (0: none)
 * @param workingSet      fio's dedupe_mode=working_set: a repeat copies one of the first unique buffers, drawn
 *                        uniformly; false (fio's repeat): the last unique one
 * @param workingSetShare fio's dedupe_working_set_percentage: the working set is this percent of the file's blocks
 * @param global          fio's dedupe_global: jobs sharing the setting draw from one working set
 * @param compress        fio's buffer_compress_percentage: the zero-filled share of each chunk (0: all random)
 * @param chunk           fio's buffer_compress_chunk: the random/zero split repeats every this many bytes
 */
public record BufferContent(
        int dedupe, boolean workingSet, int workingSetShare, boolean global, int compress, long chunk) {
    public static final BufferContent PATTERN = new BufferContent(0, false, 5, false, 0, 512);

    public BufferContent {
        if (dedupe < 0
                || dedupe > 100
                || workingSetShare < 0
                || workingSetShare > 100
                || compress < 0
                || compress > 100) {
            throw LiveRefusal.badOption("dedupe and compress percentages must be between 0 and 100");
        }
        if (chunk < 1) {
            throw LiveRefusal.badOption("buffer_compress_chunk must be at least 1 byte");
        }
    }

    /** True when written buffers are filled afresh for each write (any of the settings given). */
    public boolean refills() {
        return dedupe > 0 || compress > 0;
    }

    public BufferContent withDedupe(int v) {
        return new BufferContent(v, workingSet, workingSetShare, global, compress, chunk);
    }

    public BufferContent withWorkingSet(boolean v) {
        return new BufferContent(dedupe, v, workingSetShare, global, compress, chunk);
    }

    public BufferContent withWorkingSetShare(int v) {
        return new BufferContent(dedupe, workingSet, v, global, compress, chunk);
    }

    public BufferContent withGlobal(boolean v) {
        return new BufferContent(dedupe, workingSet, workingSetShare, v, compress, chunk);
    }

    public BufferContent withCompress(int v) {
        return new BufferContent(dedupe, workingSet, workingSetShare, global, v, chunk);
    }

    public BufferContent withChunk(long v) {
        return new BufferContent(dedupe, workingSet, workingSetShare, global, compress, v);
    }
}
