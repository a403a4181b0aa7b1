package org.diolab.engine.op;

import java.util.List;
import java.util.Objects;
import org.diolab.engine.step.SwapRules;

/**
 * What a policy means to the kernel model, one dimension per fix the threads argue about. Named policies
 * ({@link Policy}) are presets of these; expansions read the dimensions, never the policy's name.
 *
 * @param nowaitCheck   a NOWAIT I/O that would need to allocate returns -EAGAIN first (Qu's S000 patch)
 * @param stableWrites  the mapping has stable writes: folio_wait_stable() waits for writeback
 * @param writeProtect  taking a pin write-protects the user mapping until the last pin goes (Kara's rule c)
 * @param bitmap        the md array keeps a write-intent bitmap (set before a write, cleared lazily after every leg
 *                      has it)
 * @param swap          how reclaim and swap faults treat anonymous pages (Hildenbrand's precedent)
 * @param skipPinnedWriteback writeback leaves a folio that may be DMA-pinned dirty for later (Hildenbrand's rule a)
 * @param noOrderedExtentWait a what-if: btrfs's buffered write does not wait for the ordered extent of a folio under
 *                      writeback (which it does, in lock_and_cleanup_extent_if_need()), so on a nodatasum inode, whose
 *                      mapping has no stable writes since ecde48a1a6b3, nothing holds the writer back
 */
public record PolicyFeatures(
        WriteMode write,
        ReadMode read,
        boolean nowaitCheck,
        boolean stableWrites,
        boolean writeProtect,
        PinMode pin,
        CsumMode csum,
        Locking locking,
        boolean bitmap,
        SwapRules swap,
        boolean skipPinnedWriteback,
        boolean noOrderedExtentWait) {
    /** Nothing chosen: zero copy, plain pins, synchronous checksums, no locking modelled. */
    public static final PolicyFeatures BASE = new PolicyFeatures(
            WriteMode.ZERO_COPY,
            ReadMode.ZERO_COPY,
            true,
            false,
            false,
            PinMode.NORMAL,
            CsumMode.SYNC,
            Locking.NONE,
            false,
            SwapRules.STABLE,
            false,
            false);

    public PolicyFeatures {
        Objects.requireNonNull(write, "write");
        Objects.requireNonNull(read, "read");
        Objects.requireNonNull(pin, "pin");
        Objects.requireNonNull(csum, "csum");
        Objects.requireNonNull(locking, "locking");
        Objects.requireNonNull(swap, "swap");
    }

    /** How an O_DIRECT write reaches the device. */
    public enum WriteMode {
        /** The bio points at the user's pages. */
        ZERO_COPY,
        /** Copy into kernel pages first, do I/O from those (S003's patch). */
        BOUNCE,
        /** Checksummed inodes write through the page cache, wait and invalidate (968f19c5b1b7); nodatasum stays. */
        BUFFERED_FALLBACK,
        /** Also nodatasum inodes fall back when the data profile keeps redundancy (7c2830f00c3e). */
        PROFILE_FALLBACK,
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
        /** Lazy bounce whose retry returns -EAGAIN to a NOWAIT caller instead of allocating (in no patch). */
        LAZY_BOUNCE_EAGAIN,
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
        ASYNC_NO_WAIT;

        public boolean async() {
            return this != SYNC;
        }
    }

    /** ext4's use of i_rwsem around direct I/O (S002). */
    public enum Locking {
        /** Not modelled: the lesson is about something else. */
        NONE,
        /** 16c54688592c: DIO reads hold i_rwsem shared for the whole read; writes take it exclusive. */
        SHARED_READS,
        /** The revert as posted, on a dioread_nolock mount: reads take no lock, only i_dio_count; writes exclusive. */
        NOLOCK_READS,
        /**
         * The revert without dioread_nolock (DIO_LOCKING): a read holds i_rwsem only while it is submitted, and drops
         * it before waiting for the device; writes exclusive.
         */
        SUBMIT_LOCKED_READS,
        /**
         * The later fix (aa9714d0e397, bc6385dab125): DIO writes take i_rwsem shared when they overwrite allocated,
         * aligned blocks without extending the file, exclusive otherwise; reads shared.
         */
        SHARED_WRITES
    }

    public PolicyFeatures withWrite(WriteMode w) {
        return new PolicyFeatures(
                w,
                read,
                nowaitCheck,
                stableWrites,
                writeProtect,
                pin,
                csum,
                locking,
                bitmap,
                swap,
                skipPinnedWriteback,
                noOrderedExtentWait);
    }

    public PolicyFeatures withRead(ReadMode r) {
        return new PolicyFeatures(
                write,
                r,
                nowaitCheck,
                stableWrites,
                writeProtect,
                pin,
                csum,
                locking,
                bitmap,
                swap,
                skipPinnedWriteback,
                noOrderedExtentWait);
    }

    public PolicyFeatures withNowaitCheck(boolean on) {
        return new PolicyFeatures(
                write,
                read,
                on,
                stableWrites,
                writeProtect,
                pin,
                csum,
                locking,
                bitmap,
                swap,
                skipPinnedWriteback,
                noOrderedExtentWait);
    }

    public PolicyFeatures withStableWrites(boolean on) {
        return new PolicyFeatures(
                write,
                read,
                nowaitCheck,
                on,
                writeProtect,
                pin,
                csum,
                locking,
                bitmap,
                swap,
                skipPinnedWriteback,
                noOrderedExtentWait);
    }

    public PolicyFeatures withWriteProtect(boolean on) {
        return new PolicyFeatures(
                write,
                read,
                nowaitCheck,
                stableWrites,
                on,
                pin,
                csum,
                locking,
                bitmap,
                swap,
                skipPinnedWriteback,
                noOrderedExtentWait);
    }

    public PolicyFeatures withPin(PinMode p) {
        return new PolicyFeatures(
                write,
                read,
                nowaitCheck,
                stableWrites,
                writeProtect,
                p,
                csum,
                locking,
                bitmap,
                swap,
                skipPinnedWriteback,
                noOrderedExtentWait);
    }

    public PolicyFeatures withCsum(CsumMode c) {
        return new PolicyFeatures(
                write,
                read,
                nowaitCheck,
                stableWrites,
                writeProtect,
                pin,
                c,
                locking,
                bitmap,
                swap,
                skipPinnedWriteback,
                noOrderedExtentWait);
    }

    public PolicyFeatures withLocking(Locking l) {
        return new PolicyFeatures(
                write,
                read,
                nowaitCheck,
                stableWrites,
                writeProtect,
                pin,
                csum,
                l,
                bitmap,
                swap,
                skipPinnedWriteback,
                noOrderedExtentWait);
    }

    public PolicyFeatures withBitmap(boolean on) {
        return new PolicyFeatures(
                write,
                read,
                nowaitCheck,
                stableWrites,
                writeProtect,
                pin,
                csum,
                locking,
                on,
                swap,
                skipPinnedWriteback,
                noOrderedExtentWait);
    }

    public PolicyFeatures withSwap(SwapRules s) {
        return new PolicyFeatures(
                write,
                read,
                nowaitCheck,
                stableWrites,
                writeProtect,
                pin,
                csum,
                locking,
                bitmap,
                s,
                skipPinnedWriteback,
                noOrderedExtentWait);
    }

    public PolicyFeatures withSkipPinnedWriteback(boolean on) {
        return new PolicyFeatures(
                write,
                read,
                nowaitCheck,
                stableWrites,
                writeProtect,
                pin,
                csum,
                locking,
                bitmap,
                swap,
                on,
                noOrderedExtentWait);
    }

    public PolicyFeatures withNoOrderedExtentWait(boolean on) {
        return new PolicyFeatures(
                write,
                read,
                nowaitCheck,
                stableWrites,
                writeProtect,
                pin,
                csum,
                locking,
                bitmap,
                swap,
                skipPinnedWriteback,
                on);
    }

    /**
     * These features with {@code other}'s on top, for the composition {@code a+b}: each dimension {@code other} sets
     * away from {@link #BASE} replaces ours, unless an earlier part already set it differently.
     *
     * @param decidedBy per dimension so far, {@code "dimension=policy"} entries; extended here
     * @throws IllegalArgumentException when two parts decide the same dimension differently
     */
    PolicyFeatures compose(PolicyFeatures other, String otherId, List<String> decidedBy) {
        PolicyFeatures f = this;
        f = dim(
                f,
                "how a direct write reaches the device",
                other.write != BASE.write,
                f.write != other.write,
                otherId,
                decidedBy,
                x -> x.withWrite(other.write));
        f = dim(
                f,
                "how a direct read reaches user memory",
                other.read != BASE.read,
                f.read != other.read,
                otherId,
                decidedBy,
                x -> x.withRead(other.read));
        f = dim(
                f,
                "what a NOWAIT I/O may do",
                other.nowaitCheck != BASE.nowaitCheck,
                f.nowaitCheck != other.nowaitCheck,
                otherId,
                decidedBy,
                x -> x.withNowaitCheck(other.nowaitCheck));
        f = other.stableWrites ? f.withStableWrites(true) : f;
        f = other.writeProtect ? f.withWriteProtect(true) : f;
        f = other.bitmap ? f.withBitmap(true) : f;
        f = other.skipPinnedWriteback ? f.withSkipPinnedWriteback(true) : f;
        f = other.noOrderedExtentWait ? f.withNoOrderedExtentWait(true) : f;
        f = dim(
                f,
                "how direct I/O pins pages",
                other.pin != BASE.pin,
                f.pin != other.pin,
                otherId,
                decidedBy,
                x -> x.withPin(other.pin));
        f = dim(
                f,
                "when checksums are computed",
                other.csum != BASE.csum,
                f.csum != other.csum,
                otherId,
                decidedBy,
                x -> x.withCsum(other.csum));
        f = dim(
                f,
                "how ext4 locks direct I/O",
                other.locking != BASE.locking,
                f.locking != other.locking,
                otherId,
                decidedBy,
                x -> x.withLocking(other.locking));
        return dim(
                f,
                "how reclaim treats anonymous pages",
                other.swap != BASE.swap,
                f.swap != other.swap,
                otherId,
                decidedBy,
                x -> x.withSwap(other.swap));
    }

    private static PolicyFeatures dim(
            PolicyFeatures f,
            String what,
            boolean sets,
            boolean differs,
            String by,
            List<String> decidedBy,
            java.util.function.UnaryOperator<PolicyFeatures> set) {
        if (!sets) {
            return f;
        }
        String earlier = decidedBy.stream()
                .filter(d -> d.startsWith(what + "="))
                .findFirst()
                .map(d -> d.substring(what.length() + 1))
                .orElse(null);
        if (earlier != null && differs) {
            throw new IllegalArgumentException(earlier + " and " + by + " both decide " + what);
        }
        decidedBy.add(what + "=" + by);
        return set.apply(f);
    }
}
