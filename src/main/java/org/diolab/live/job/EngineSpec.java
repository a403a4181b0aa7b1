package org.diolab.live.job;

/**
 * How a job's threads issue their I/O: the engine, how many I/Os each keeps in flight, and how they are batched, with
 * fio's meaning for each ({@code ioengine}, {@code iodepth}, {@code iodepth_batch_submit},
 * {@code iodepth_batch_complete_min}/{@code _max}, io_uring's {@code fixedbufs}).
 *
 * @param iodepth       I/Os in flight per thread (1 to {@link #MAX_DEPTH}); the synchronous engines run one at a time
 *                      whatever it says, as fio's do
 * @param batchSubmit   queued I/Os handed to the kernel in one call (fio's default 1: each as soon as it is ready)
 * @param completeMin   completions to wait for when the queue is full (fio's default 1)
 * @param completeMax   completions to take at most per reap (fio's default: {@code completeMin}, so with the
 *                      defaults one I/O is reaped and one refilled at a time, and the queue stays full)
 * @param fixedBufs     io_uring only: register the buffers once ({@code IORING_REGISTER_BUFFERS}) and use the
 *                      _FIXED ops, so no I/O pins its pages
 */
public record EngineSpec(
        Engine engine, int iodepth, int batchSubmit, int completeMin, int completeMax, boolean fixedBufs) {
    public static final int MAX_DEPTH = 1024;
    public static final EngineSpec PSYNC = new EngineSpec(Engine.PSYNC, 1, 1, 1, 1, false);

    public EngineSpec {
        if (iodepth < 1 || iodepth > MAX_DEPTH) {
            throw LiveRefusal.badOption("iodepth " + iodepth + " is out of range; use 1 to " + MAX_DEPTH);
        }
        // fio's zeros: batch_submit 0 means iodepth, batch_complete_max 0 means batch_complete_min
        batchSubmit = batchSubmit == 0 ? iodepth : batchSubmit;
        completeMax = completeMax == 0 ? Math.max(1, completeMin) : completeMax;
        if (batchSubmit < 1 || batchSubmit > iodepth) {
            throw LiveRefusal.badOption("iodepth_batch_submit " + batchSubmit + " must be between 1 and iodepth ("
                    + iodepth + "), or 0 for iodepth");
        }
        if (completeMin < 0 || completeMin > iodepth) {
            throw LiveRefusal.badOption("iodepth_batch_complete_min " + completeMin + " must be between 0 and"
                    + " iodepth (" + iodepth + ")");
        }
        if (completeMax > iodepth) {
            throw LiveRefusal.badOption(
                    "iodepth_batch_complete_max " + completeMax + " must be at most iodepth (" + iodepth + ")");
        }
        completeMax = Math.max(completeMax, Math.max(1, completeMin)); // fio raises max to min
        if (fixedBufs && engine != Engine.IO_URING) {
            throw LiveRefusal.badOption("fixedbufs registers io_uring buffers; use it with ioengine=io_uring");
        }
    }

    /** True when {@code completeMax} is fio's default for it (what a job file need not say). */
    public boolean defaultCompleteMax() {
        return completeMax == Math.max(1, completeMin);
    }

    /** I/Os a thread really keeps in flight: iodepth for the asynchronous engines, 1 for the synchronous ones. */
    public int effectiveDepth() {
        return engine.sync() ? 1 : iodepth;
    }
}
