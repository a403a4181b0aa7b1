package org.diolab.engine.op;

import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import org.diolab.engine.op.PolicyFeatures.CsumMode;
import org.diolab.engine.op.PolicyFeatures.Locking;
import org.diolab.engine.op.PolicyFeatures.PinMode;
import org.diolab.engine.op.PolicyFeatures.ReadMode;
import org.diolab.engine.op.PolicyFeatures.WriteMode;

/**
 * How the kernel handles the scenario's I/O: the behaviours and fixes the seed threads argue about, as named toggles.
 */
public enum Policy {
    ZERO_COPY("zero-copy", "Zero copy",
            "The bio's bvecs point straight at the user's pinned pages; the device DMAs from them whenever it runs.",
            base()),
    BOUNCE("bounce", "Bounce (never trust the bio)",
            "The kernel copies user data into its own pages and does I/O only from those (S003, S000).",
            with(WriteMode.BOUNCE, ReadMode.BOUNCE)),
    BOUNCE_UNCHECKED("bounce-unchecked", "Bounce, ignoring NOWAIT",
            "Bounces like 'bounce' but allocates even for a NOWAIT I/O: the allocation may sleep.",
            new PolicyFeatures(WriteMode.BOUNCE, ReadMode.BOUNCE, false, false, false, PinMode.NORMAL,
                    CsumMode.SYNC, Locking.NONE)),
    BUFFERED_FALLBACK("buffered-fallback", "Buffered fallback (968f19c5b1b7)",
            "Direct writes to checksummed inodes go through the page cache and wait for writeback.",
            with(WriteMode.BUFFERED_FALLBACK, ReadMode.ZERO_COPY)),
    DONTCACHE("dontcache", "Uncached buffered I/O (RWF_DONTCACHE)",
            "Direct I/O becomes buffered I/O whose folios are written at once and dropped afterwards.",
            with(WriteMode.DONTCACHE, ReadMode.DONTCACHE)),
    LAZY_BOUNCE("lazy-bounce", "Lazy bounce",
            "Reads DMA into user memory; only after a checksum failure are they retried through a bounce buffer.",
            with(WriteMode.ZERO_COPY, ReadMode.LAZY_BOUNCE)),
    NO_STABLE_WRITES("no-stable-writes", "No stable writes (md-raid1 today)",
            "The device does not set STABLE_WRITES: a folio under writeback stays writable and nobody waits.",
            base()),
    STABLE_WRITES("stable-writes", "Stable writes (folio_wait_stable)",
            "The mapping has stable writes: writers wait for writeback to finish before changing a folio.",
            new PolicyFeatures(WriteMode.ZERO_COPY, ReadMode.ZERO_COPY, true, true, false, PinMode.NORMAL,
                    CsumMode.SYNC, Locking.NONE)),
    WRITE_PROTECT_ON_PIN("write-protect-on-pin", "Write-protect on pin (Kara's rule c)",
            "Taking a pin write-protects the user mapping; a store faults and waits until the pin is released.",
            new PolicyFeatures(WriteMode.ZERO_COPY, ReadMode.ZERO_COPY, true, false, true, PinMode.NORMAL,
                    CsumMode.SYNC, Locking.NONE)),
    EXCLUSIVE_PIN("exclusive-pin", "Exclusive pins, blocking",
            "Direct I/O takes exclusive pins page by page; other I/O to a pinned page waits for it.",
            pins(PinMode.EXCLUSIVE)),
    EXCLUSIVE_PIN_UNCACHED("exclusive-pin-uncached", "Exclusive pins, else uncached",
            "Take exclusive pins on all pages or none; if none, wait, take a normal pin and go uncached.",
            pins(PinMode.EXCLUSIVE_UNCACHED)),
    ASYNC_CSUM("async-csum", "Async checksums (S004)",
            "Checksums are computed by a kworker while the bio is submitted, from a saved iterator; end_io waits.",
            csum(CsumMode.ASYNC)),
    ASYNC_CSUM_NO_SAVED_ITER("async-csum-no-saved-iter", "Async checksums without csum_saved_iter",
            "The worker walks the bio's live bi_iter, which submission advances: it may find nothing to checksum.",
            csum(CsumMode.ASYNC_NO_SAVED_ITER)),
    ASYNC_CSUM_NO_WAIT("async-csum-no-wait", "Async checksums, end_io not waiting",
            "end_io frees the bio without waiting for csum_done: the worker may use freed memory.",
            csum(CsumMode.ASYNC_NO_WAIT)),
    SHARED_LOCK_DIO_READS("shared-lock-dio-reads", "Parallel DIO reads (16c54688592c)",
            "ext4 DIO reads hold i_rwsem shared for the whole read; DIO writes take it exclusive.",
            locking(Locking.SHARED_READS)),
    DIOREAD_NOLOCK("dioread-nolock", "dioread_nolock (the revert)",
            "ext4 DIO reads take no i_rwsem, only i_dio_count; DIO writes take it exclusive.",
            locking(Locking.NOLOCK_READS)),
    DIO_LOCKING("dio-locking", "DIO_LOCKING (the revert, without dioread_nolock)",
            "ext4 DIO reads hold i_rwsem only while submitting, not while waiting; DIO writes take it exclusive.",
            locking(Locking.SUBMIT_LOCKED_READS)),
    SHARED_LOCK_DIO_WRITES("shared-lock-dio-writes", "Shared-lock overwrites (aa9714d0e397)",
            "ext4 DIO reads and overwriting DIO writes both take i_rwsem shared.",
            locking(Locking.SHARED_WRITES));

    private final String id;
    private final String title;
    private final String summary;
    private final PolicyFeatures features;

    Policy(String id, String title, String summary, PolicyFeatures features) {
        this.id = id;
        this.title = title;
        this.summary = summary;
        this.features = features;
    }

    /** Kebab-case name used in lessons, the CLI and JSON. */
    public String id() {
        return id;
    }

    public String title() {
        return title;
    }

    public String summary() {
        return summary;
    }

    public PolicyFeatures features() {
        return features;
    }

    public static Optional<Policy> byId(String id) {
        return Arrays.stream(values()).filter(p -> p.id.equals(id)).findFirst();
    }

    public static List<String> ids() {
        return Arrays.stream(values()).map(Policy::id).toList();
    }

    private static PolicyFeatures base() {
        return with(WriteMode.ZERO_COPY, ReadMode.ZERO_COPY);
    }

    private static PolicyFeatures with(WriteMode w, ReadMode r) {
        return new PolicyFeatures(w, r, true, false, false, PinMode.NORMAL, CsumMode.SYNC, Locking.NONE);
    }

    private static PolicyFeatures pins(PinMode p) {
        return new PolicyFeatures(WriteMode.ZERO_COPY, ReadMode.ZERO_COPY, true, false, false, p, CsumMode.SYNC,
                Locking.NONE);
    }

    private static PolicyFeatures csum(CsumMode c) {
        return new PolicyFeatures(WriteMode.BUFFERED_FALLBACK, ReadMode.ZERO_COPY, true, false, false,
                PinMode.NORMAL, c, Locking.NONE);
    }

    private static PolicyFeatures locking(Locking l) {
        return new PolicyFeatures(WriteMode.ZERO_COPY, ReadMode.ZERO_COPY, true, false, false, PinMode.NORMAL,
                CsumMode.SYNC, l);
    }
}
