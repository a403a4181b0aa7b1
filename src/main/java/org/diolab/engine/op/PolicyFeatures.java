package org.diolab.engine.op;

import java.util.List;
import java.util.Objects;
import java.util.function.BiFunction;
import java.util.function.Consumer;
import java.util.function.Function;
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
        return edit(e -> e.write = w);
    }

    public PolicyFeatures withRead(ReadMode r) {
        return edit(e -> e.read = r);
    }

    public PolicyFeatures withNowaitCheck(boolean on) {
        return edit(e -> e.nowaitCheck = on);
    }

    public PolicyFeatures withStableWrites(boolean on) {
        return edit(e -> e.stableWrites = on);
    }

    public PolicyFeatures withWriteProtect(boolean on) {
        return edit(e -> e.writeProtect = on);
    }

    public PolicyFeatures withPin(PinMode p) {
        return edit(e -> e.pin = p);
    }

    public PolicyFeatures withCsum(CsumMode c) {
        return edit(e -> e.csum = c);
    }

    public PolicyFeatures withLocking(Locking l) {
        return edit(e -> e.locking = l);
    }

    public PolicyFeatures withBitmap(boolean on) {
        return edit(e -> e.bitmap = on);
    }

    public PolicyFeatures withSwap(SwapRules s) {
        return edit(e -> e.swap = s);
    }

    public PolicyFeatures withSkipPinnedWriteback(boolean on) {
        return edit(e -> e.skipPinnedWriteback = on);
    }

    public PolicyFeatures withNoOrderedExtentWait(boolean on) {
        return edit(e -> e.noOrderedExtentWait = on);
    }

    /** A copy with {@code change} made to it: every {@code withXxx} above is one such change. */
    private PolicyFeatures edit(Consumer<Edit> change) {
        Edit e = new Edit(this);
        change.accept(e);
        return new PolicyFeatures(
                e.write,
                e.read,
                e.nowaitCheck,
                e.stableWrites,
                e.writeProtect,
                e.pin,
                e.csum,
                e.locking,
                e.bitmap,
                e.swap,
                e.skipPinnedWriteback,
                e.noOrderedExtentWait);
    }

    /** The components of a copy being made, as fields a change can set by name. */
    private static final class Edit {
        WriteMode write;
        ReadMode read;
        boolean nowaitCheck;
        boolean stableWrites;
        boolean writeProtect;
        PinMode pin;
        CsumMode csum;
        Locking locking;
        boolean bitmap;
        SwapRules swap;
        boolean skipPinnedWriteback;
        boolean noOrderedExtentWait;

        Edit(PolicyFeatures f) {
            write = f.write;
            read = f.read;
            nowaitCheck = f.nowaitCheck;
            stableWrites = f.stableWrites;
            writeProtect = f.writeProtect;
            pin = f.pin;
            csum = f.csum;
            locking = f.locking;
            bitmap = f.bitmap;
            swap = f.swap;
            skipPinnedWriteback = f.skipPinnedWriteback;
            noOrderedExtentWait = f.noOrderedExtentWait;
        }
    }

    /**
     * A dimension that one part of a composition decides, which no other part may decide differently; its name is
     * what the refusal says ("bounce and dontcache both decide how a direct write reaches the device").
     */
    private record Decided<T>(
            String what, Function<PolicyFeatures, T> get, BiFunction<PolicyFeatures, T, PolicyFeatures> with) {}

    /** The decided dimensions, in the order a composition checks them. */
    private static final List<Decided<?>> DECIDED = List.of(
            new Decided<>("how a direct write reaches the device", PolicyFeatures::write, PolicyFeatures::withWrite),
            new Decided<>("how a direct read reaches user memory", PolicyFeatures::read, PolicyFeatures::withRead),
            new Decided<>("what a NOWAIT I/O may do", PolicyFeatures::nowaitCheck, PolicyFeatures::withNowaitCheck),
            new Decided<>("how direct I/O pins pages", PolicyFeatures::pin, PolicyFeatures::withPin),
            new Decided<>("when checksums are computed", PolicyFeatures::csum, PolicyFeatures::withCsum),
            new Decided<>("how ext4 locks direct I/O", PolicyFeatures::locking, PolicyFeatures::withLocking),
            new Decided<>("how reclaim treats anonymous pages", PolicyFeatures::swap, PolicyFeatures::withSwap));

    /**
     * These features with {@code other}'s on top, for the composition {@code a+b}: each dimension {@code other} sets
     * away from {@link #BASE} replaces ours, unless an earlier part already set it differently; the switches that
     * only add a rule (stable writes, write-protect, bitmap, skipping pinned writeback, no ordered-extent wait) are
     * on when any part has them on.
     *
     * @param decidedBy per dimension so far, {@code "dimension=policy"} entries; extended here
     * @throws IllegalArgumentException when two parts decide the same dimension differently
     */
    PolicyFeatures compose(PolicyFeatures other, String otherId, List<String> decidedBy) {
        PolicyFeatures f = this;
        for (Decided<?> d : DECIDED) {
            f = decide(f, d, other, otherId, decidedBy);
        }
        f = other.stableWrites ? f.withStableWrites(true) : f;
        f = other.writeProtect ? f.withWriteProtect(true) : f;
        f = other.bitmap ? f.withBitmap(true) : f;
        f = other.skipPinnedWriteback ? f.withSkipPinnedWriteback(true) : f;
        return other.noOrderedExtentWait ? f.withNoOrderedExtentWait(true) : f;
    }

    private static <T> PolicyFeatures decide(
            PolicyFeatures f, Decided<T> d, PolicyFeatures other, String by, List<String> decidedBy) {
        T value = d.get().apply(other);
        if (Objects.equals(value, d.get().apply(BASE))) {
            return f; // other leaves it as nothing chose it
        }
        String earlier = decidedBy.stream()
                .filter(x -> x.startsWith(d.what() + "="))
                .findFirst()
                .map(x -> x.substring(d.what().length() + 1))
                .orElse(null);
        if (earlier != null && !Objects.equals(d.get().apply(f), value)) {
            throw new IllegalArgumentException(earlier + " and " + by + " both decide " + d.what());
        }
        decidedBy.add(d.what() + "=" + by);
        return d.with().apply(f, value);
    }
}
