package org.diolab.live.run;

import org.diolab.live.job.JobSpec;

/**
 * How the untimed passes (layout before a job, verification after it) walk a file: in chunks of about 8 MiB that are
 * a whole number of blocks, with O_DIRECT when the sizes allow it, so they neither fill the page cache nor take long
 * (large requests, fewer of them: a layout is the part of a short run the user waits for most).
 */
record ChunkedPass(long chunk, boolean direct) {
    private static final long TARGET = 8 << 20;

    static ChunkedPass of(JobSpec job, int alignment) {
        long perChunk = Math.max(1, TARGET / job.bs());
        long chunk = job.bs() * Math.min(perChunk, job.size() / job.bs());
        boolean direct = job.bs() % alignment == 0 && chunk % alignment == 0;
        return new ChunkedPass(chunk, direct);
    }

    /** Length of the chunk starting at {@code offset} of a {@code size}-byte file. */
    long lengthAt(long offset, long size) {
        return Math.min(chunk, size - offset);
    }
}
