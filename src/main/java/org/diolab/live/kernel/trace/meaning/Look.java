package org.diolab.live.kernel.trace.meaning;

/**
 * What a scenario's recording is looked at for ({@link TraceFindings}): the race each scenario is about, as far as the
 * kernel's own events can show it.
 */
public enum Look {
    /** Direct reads failing with EIO: their bio issued and completed on the lab's device, the stores inside them. */
    EIO_READS,
    /** How writes went: into iomap (zero-copy) or into the page cache (the buffered fallback), and writeback per leg. */
    WRITE_PATH,
    /** NOWAIT reads returning EAGAIN, and whether any block I/O was issued for them. */
    EAGAIN_NO_IO,
    /** A writer waiting for a folio's writeback before changing it (stable pages), or never waiting. */
    STABLE_WAITS,
    /** The lab's threads waiting for sleeping locks (an rwsem such as i_rwsem) or only spinning. */
    LOCK_CONTENTION
}
