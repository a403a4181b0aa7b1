package org.diolab.live.report;

import java.util.List;

/**
 * How many I/Os each thread had in flight when it issued one, in fio's buckets (its "IO depths" line, JSON
 * {@code iodepth_level}): 1, 2-3, 4-7, 8-15, 16-31, 32-63, 64 and more, each labelled with its lower end. As fio does,
 * an I/O counts at the depth the thread had when it was handed to the kernel, itself included: a queue kept full at
 * iodepth 32 issues nearly all its I/Os in the "32" bucket; a synchronous engine all of them at "1".
 *
 * @param issued I/Os issued at each depth bucket, in the order of {@link #LABELS}
 */
public record IoDepths(List<Long> issued) {
    /** fio's keys for the buckets. */
    public static final List<String> LABELS = List.of("1", "2", "4", "8", "16", "32", ">=64");

    public static final IoDepths NONE = new IoDepths(List.of(0L, 0L, 0L, 0L, 0L, 0L, 0L));

    public IoDepths {
        issued = List.copyOf(issued);
        if (issued.size() != LABELS.size()) {
            throw new IllegalArgumentException("one count per depth bucket: " + LABELS);
        }
    }

    /** The bucket of an I/O issued with {@code inFlight} I/Os in flight (itself included): fio's powers of two. */
    public static int bucket(int inFlight) {
        return Math.min(LABELS.size() - 1, 31 - Integer.numberOfLeadingZeros(Math.max(1, inFlight)));
    }

    public long total() {
        return issued.stream().mapToLong(Long::longValue).sum();
    }

    /** The share of I/Os issued at {@code bucket}, 0 to 1. */
    public double share(int bucket) {
        long t = total();
        return t == 0 ? 0 : (double) issued.get(bucket) / t;
    }
}
