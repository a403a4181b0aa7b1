package org.diolab.engine.op;

/**
 * What a policy means to the kernel model, one dimension per fix the threads argue about. Named policies
 * ({@link Policy}) are presets of these; expansions read the dimensions, never the policy's name.
 *
 * @param nowaitCheck   a NOWAIT I/O that would need to allocate returns -EAGAIN first (Qu's S000 patch)
 * @param stableWrites  the mapping has stable writes: folio_wait_stable() waits for writeback
 * @param writeProtect  taking a pin write-protects the user mapping until the last pin goes (Kara's rule c)
 */
public record PolicyFeatures(WriteMode write, ReadMode read, boolean nowaitCheck, boolean stableWrites,
                             boolean writeProtect, PinMode pin, CsumMode csum, Locking locking) {

    /** How an O_DIRECT write reaches the device. */
    public enum WriteMode {
        /** The bio points at the user's pages. */
        ZERO_COPY,
        /** Copy into kernel pages first, do I/O from those (S003's patch). */
        BOUNCE,
        /** Checksummed inodes write through the page cache and wait (968f19c5b1b7); nodatasum stays zero-copy. */
        BUFFERED_FALLBACK,
        /** Buffered I/O that starts writeback at once and drops the folios afterwards (RWF_DONTCACHE). */
        DONTCACHE
    }

    /** How an O_DIRECT read reaches user memory. */
    public enum ReadMode {
        ZERO_COPY,
        /** DMA into kernel pages, verify there, then copy to the user (S000's patch). */
        BOUNCE,
        /** DMA into user pages; only if verification fails, re-read through a bounce buffer (Hellwig's series). */
        LAZY_BOUNCE,
        /** Read into a page-cache folio, verify, copy, drop the folio. */
        DONTCACHE
    }

    /** How direct I/O pins user pages. */
    public enum PinMode {
        NORMAL,
        /** Exclusive pins, waiting for other holders: userspace can build A,B / B,A deadlocks (S003, Kara). */
        EXCLUSIVE,
        /** Exclusive pins if all are free, else wait for them, take normal pins and go uncached (Kara). */
        EXCLUSIVE_UNCACHED
    }

    /** When data checksums of a write are computed (S004). */
    public enum CsumMode {
        SYNC,
        /** A kworker computes them while the bio is submitted; end_io waits for csum_done. */
        ASYNC,
        /** Broken: the worker reads the live bi_iter, which submission may have emptied. */
        ASYNC_NO_SAVED_ITER,
        /** Broken: end_io frees the bio without waiting for csum_done. */
        ASYNC_NO_WAIT
    }

    /** ext4's use of i_rwsem around direct I/O (S002). */
    public enum Locking {
        /** Not modelled: the lesson is about something else. */
        NONE,
        /** 16c54688592c: DIO reads hold i_rwsem shared for the whole read; writes take it exclusive. */
        SHARED_READS,
        /** The revert: dioread_nolock reads take no lock, only i_dio_count; writes exclusive. */
        NOLOCK_READS,
        /**
         * The revert without dioread_nolock (DIO_LOCKING): a read holds i_rwsem only while it is submitted, and drops
         * it before waiting for the device; writes exclusive.
         */
        SUBMIT_LOCKED_READS,
        /** The later fix (aa9714d0e397): overwriting DIO writes take i_rwsem shared too. */
        SHARED_WRITES
    }
}
