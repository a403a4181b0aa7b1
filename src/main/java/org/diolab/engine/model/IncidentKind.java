package org.diolab.engine.model;

/**
 * Events the model records because an invariant forbids them: they cannot be seen in the end state alone.
 */
public enum IncidentKind {
    /** A step touched memory already freed (S004: end_io freeing what the checksum worker still uses). */
    USE_AFTER_FREE,
    /** An I/O flagged NOWAIT ran a step that may sleep (S000: "Bounce will allocate memory, breaking NOWAIT"). */
    NOWAIT_SLEPT,
    /** A folio under writeback was modified (S003 scenario B). */
    STABLE_PAGE_CHANGED,
    /** A read reported a checksum error although the data on disk matches its checksum (S000). */
    FALSE_CHECKSUM_ERROR,
    /** A read reported a checksum error because the data on disk really does not match. */
    CHECKSUM_ERROR,
    /** A read returned bytes no write ever stored in that block. */
    READ_RETURNED_UNWRITTEN,
    /** A read failed with EIO while some copy of its block still matched the checksum table (no read repair). */
    EIO_WITH_GOOD_COPY
}
