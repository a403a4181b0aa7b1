package org.diolab.live.kernel.trace.meaning;

import java.util.List;

/**
 * A recorded event in the lessons' vocabulary, with the model's instructions it corresponds to (the names of
 * {@code engine.step.Instr}'s records), so a view can line a kernel event up with the model's step.
 */
public enum Step {
    /** A lab thread starts a read or write (its begin marker). */
    CALL("call", List.of()),
    /** iomap_dio_rw_begin, block_bio_queue: the bio is built from the user's pages and submitted. */
    SUBMIT("build-bio/submit", List.of("BuildBio", "SubmitBio")),
    /** block_rq_issue on a leg's loop device: that leg's DMA starts. */
    DMA("DMA starts", List.of("Dma")),
    /** block_rq_complete: the device is done, end-io runs. */
    END_IO("end-io", List.of("AwaitBio")),
    /** iomap_dio_complete without error. */
    DIO_DONE("direct I/O complete", List.of("DioEnd")),
    /** A failed iomap_dio_complete, or a 'csum failed' log line: the checksum did not match what is in the buffer. */
    VERIFY_MISMATCH("verify mismatch", List.of("VerifyCsum")),
    /** The scribbler rewrote the buffer. */
    STORE("store", List.of("Store")),
    /** The call returned to the lab thread (its end marker, with the result). */
    RETURN("return", List.of("ReturnRead", "ReturnEagain")),
    /** writeback_dirty_folio: the data went into the page cache (a buffered write, or the buffered fallback). */
    DIRTY("buffered copy: folio dirtied", List.of("BufferedCopy", "AddFolio")),
    /** Writeback of dirty folios starts (wbc_writepage, writeback_single_inode_start, extent_writepage). */
    WRITEBACK("writeback", List.of("WritebackStart")),
    /** folio_wait_writeback: a writer waits for a folio's writeback (stable pages). */
    WAIT_WRITEBACK("wait for writeback (stable pages)", List.of("When")),
    /** btrfs ordered extents: a write's extent is tracked until its data is on disk. */
    ORDERED_EXTENT("ordered extent", List.of()),
    /** lock:contention_begin: a thread waits for a lock (i_rwsem in the ext4 convoy). */
    LOCK_WAIT("waits for the lock", List.of("LockRequest")),
    /** lock:contention_end: it got it. */
    LOCK_ACQUIRED("lock acquired", List.of("LockAcquire")),
    /** filemap: a folio added to or dropped from the page cache. */
    PAGE_CACHE("page cache", List.of("AddFolio", "DropFolio")),
    /** sched: a lab thread left the CPU or was woken. */
    SCHEDULE("scheduler", List.of()),
    /** A kernel log line that is not a checksum failure (device error counters ...). */
    LOG("kernel log", List.of()),
    /** A finding the lab wrote after the fact (legs differ at an offset). */
    NOTE("finding", List.of("CompareMirrors")),
    /** Recorded, but not part of the lessons' story. */
    OTHER("", List.of());

    private final String words;
    private final List<String> modelInstrs;

    Step(String words, List<String> modelInstrs) {
        this.words = words;
        this.modelInstrs = modelInstrs;
    }

    /** The lessons' words for it: "build-bio/submit", "end-io". */
    public String words() {
        return words;
    }

    /** The model's instructions this step corresponds to, by record name. */
    public List<String> modelInstrs() {
        return modelInstrs;
    }
}
