package org.diolab.live.kernel.trace.meaning;

import java.util.List;

/**
 * A recorded event in the lessons' vocabulary, with the model's instructions it corresponds to (the names of
 * {@code engine.step.Instr}'s records, and the labels a scripted run's steps carry), so a view can line a kernel
 * event up with the model's step. A device's DMA is the model's device actor stepping ("dma"), not an instruction.
 */
public enum Step {
    /** A lab thread starts a read or write (its begin marker). */
    CALL("call", List.of(), List.of()),
    /** iomap_dio_rw_begin, block_bio_queue: the bio is built from the user's pages and submitted. */
    SUBMIT("build-bio/submit", List.of("BuildBio", "SubmitBio"), List.of("build-bio", "submit")),
    /** block_rq_issue on a leg's loop device: that leg's DMA starts. */
    DMA("DMA starts", List.of(), List.of("dma")),
    /** block_rq_complete: the device is done, end-io runs. */
    END_IO("end-io", List.of("AwaitBio"), List.of("end-io")),
    /** iomap_dio_complete without error. */
    DIO_DONE("direct I/O complete", List.of("DioEnd"), List.of("dio-end")),
    /** A failed iomap_dio_complete, or a 'csum failed' log line: the checksum did not match what is in the buffer. */
    VERIFY_MISMATCH("verify mismatch", List.of("VerifyCsum"), List.of("verify")),
    /** The scribbler rewrote the buffer. */
    STORE("store", List.of("Store", "MmapStore"), List.of("store", "mmap-store")),
    /** The call returned to the lab thread (its end marker, with the result). */
    RETURN("return", List.of("ReturnRead", "ReturnEagain"), List.of("return", "eagain")),
    /** writeback_dirty_folio: the data went into the page cache (a buffered write, or the buffered fallback). */
    DIRTY("buffered copy: folio dirtied", List.of("BufferedCopy", "AddFolio"), List.of("buffered-copy", "add-folio")),
    /** Writeback of dirty folios starts (wbc_writepage, writeback_single_inode_start, extent_writepage). */
    WRITEBACK("writeback", List.of("WritebackStart"), List.of("writeback-start")),
    /** folio_wait_writeback: a writer waits for a folio's writeback (stable pages). */
    WAIT_WRITEBACK(
            "wait for writeback (stable pages)",
            List.of("BufferedCopy", "MmapStore"),
            List.of("buffered-copy", "mmap-store")),
    /** btrfs ordered extents: a write's extent is tracked until its data is on disk. */
    ORDERED_EXTENT("ordered extent", List.of(), List.of()),
    /** lock:contention_begin: a thread waits for a lock (i_rwsem in the ext4 convoy). */
    LOCK_WAIT("waits for the lock", List.of("LockRequest"), List.of("lock-request")),
    /** lock:contention_end: it got it. */
    LOCK_ACQUIRED("lock acquired", List.of("LockAcquire"), List.of("lock")),
    /** filemap: a folio added to or dropped from the page cache. */
    PAGE_CACHE("page cache", List.of("AddFolio", "DropFolio"), List.of("add-folio", "drop-folio")),
    /** sched: a lab thread left the CPU or was woken. */
    SCHEDULE("scheduler", List.of(), List.of()),
    /** A kernel log line that is not a checksum failure (device error counters ...). */
    LOG("kernel log", List.of(), List.of()),
    /** A finding the lab wrote after the fact (legs differ at an offset). */
    NOTE("finding", List.of("CompareMirrors"), List.of("compare-mirrors")),
    /** Recorded, but not part of the lessons' story. */
    OTHER("", List.of(), List.of());

    private final String words;
    private final List<String> modelInstrs;
    private final List<String> modelLabels;

    Step(String words, List<String> modelInstrs, List<String> modelLabels) {
        this.words = words;
        this.modelInstrs = modelInstrs;
        this.modelLabels = modelLabels;
    }

    /** The lessons' words for it: "build-bio/submit", "end-io". */
    public String words() {
        return words;
    }

    /** The model's instructions this step corresponds to, by record name ({@code engine.step.Instr}). */
    public List<String> modelInstrs() {
        return modelInstrs;
    }

    /**
     * The labels of the model's steps this step corresponds to, as a scripted run's events carry them
     * ({@code Instr.label()}: "build-bio", "end-io"; "dma" for a device's step): what a view lines kernel events up
     * with, beside the model's run.
     */
    public List<String> modelLabels() {
        return modelLabels;
    }
}
