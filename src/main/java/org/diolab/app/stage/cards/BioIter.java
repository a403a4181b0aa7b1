package org.diolab.app.stage.cards;

import org.diolab.engine.model.Bio;

/**
 * A bio's {@code bi_iter} as the kernel names its fields: {@code bi_idx}, the bvec it is at; {@code bi_size}, the
 * bytes left; {@code bi_bvec_done}, the bytes done inside the current bvec. The model moves the iterator by whole
 * blocks ({@link Bio#iter()} blocks left, one 4 KiB page per bvec), so it is always at a bvec's start.
 */
record BioIter(int idx, long size, int bvecDone) {
    /** A bvec's length: one modelled page, 4 KiB. */
    static final int BVEC_BYTES = 4096;

    static BioIter of(Bio b) {
        return new BioIter(b.pages().size() - b.iter(), (long) b.iter() * BVEC_BYTES, 0);
    }

    /**
     * "bi_iter { bi_idx 0," over "  bi_size 8 KiB, bi_bvec_done 0 }" (the name given): two lines, so the bio card
     * stays narrow enough to be framed readably beside the page or block it moves data for.
     */
    String text(String name) {
        return name + " { bi_idx " + idx + ",\n  bi_size " + bytes(size) + ", bi_bvec_done " + bvecDone + " }";
    }

    /** "8 KiB" for whole KiB, "0 B" for an empty iterator. */
    static String bytes(long n) {
        return n == 0 ? "0 B" : n % 1024 == 0 ? (n / 1024) + " KiB" : n + " B";
    }
}
