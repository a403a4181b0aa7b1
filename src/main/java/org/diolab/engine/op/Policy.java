package org.diolab.engine.op;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.diolab.engine.op.PolicyFeatures.CsumMode;
import org.diolab.engine.op.PolicyFeatures.Locking;
import org.diolab.engine.op.PolicyFeatures.PinMode;
import org.diolab.engine.op.PolicyFeatures.ReadMode;
import org.diolab.engine.op.PolicyFeatures.WriteMode;
import org.diolab.engine.step.SwapRules;
import org.jspecify.annotations.Nullable;

/**
 * How the kernel handles the scenario's I/O: the behaviours and fixes the seed threads argue about, as named presets
 * ({@link #ZERO_COPY}, {@link #BOUNCE}, ...), and compositions of presets that decide different things, written
 * {@code async-csum+stable-writes}.
 *
 * <p>Policies are interned: one object per preset and per written composition, so {@code ==} and {@code equals} agree
 * (views compare the selected policy by identity).
 */
public final class Policy {
    private static final Map<String, Policy> PRESETS = new LinkedHashMap<>();
    private static final Map<List<Policy>, Policy> COMPOSITES = new java.util.HashMap<>();

    public static final Policy ZERO_COPY = preset(
            "zero-copy",
            "Zero copy",
            "The bio's bvecs point straight at the user's pinned pages; the device DMAs from them whenever it runs.",
            PolicyFeatures.BASE);
    public static final Policy BOUNCE = preset(
            "bounce",
            "Bounce (never trust the bio)",
            "The kernel copies user data into its own pages and does I/O only from those (S003, S000).",
            PolicyFeatures.BASE.withWrite(WriteMode.BOUNCE).withRead(ReadMode.BOUNCE));
    public static final Policy BOUNCE_UNCHECKED = preset(
            "bounce-unchecked",
            "Bounce, ignoring NOWAIT",
            "Bounces like 'bounce' but allocates even for a NOWAIT I/O: the allocation may sleep.",
            PolicyFeatures.BASE
                    .withWrite(WriteMode.BOUNCE)
                    .withRead(ReadMode.BOUNCE)
                    .withNowaitCheck(false));
    public static final Policy BUFFERED_FALLBACK = preset(
            "buffered-fallback",
            "Buffered fallback (968f19c5b1b7)",
            "Direct writes to checksummed inodes go through the page cache, wait for writeback and drop the folios.",
            PolicyFeatures.BASE.withWrite(WriteMode.BUFFERED_FALLBACK));
    public static final Policy PROFILE_FALLBACK = preset(
            "profile-fallback",
            "Buffered fallback for redundant profiles (7c2830f00c3e)",
            "Direct writes fall back to buffered I/O when the inode is checksummed or the data profile keeps "
                    + "redundancy (RAID1*, RAID5/6); only SINGLE and RAID0 stay zero-copy.",
            PolicyFeatures.BASE.withWrite(WriteMode.PROFILE_FALLBACK));
    public static final Policy DONTCACHE = preset(
            "dontcache",
            "Uncached buffered I/O (RWF_DONTCACHE)",
            "Direct I/O becomes buffered I/O whose folios are written at once and dropped afterwards.",
            PolicyFeatures.BASE.withWrite(WriteMode.DONTCACHE).withRead(ReadMode.DONTCACHE));
    public static final Policy LAZY_BOUNCE = preset(
            "lazy-bounce",
            "Lazy bounce",
            "Reads DMA into user memory; only after a checksum failure are they retried through a bounce buffer.",
            PolicyFeatures.BASE.withRead(ReadMode.LAZY_BOUNCE));
    public static final Policy LAZY_BOUNCE_EAGAIN = preset(
            "lazy-bounce-eagain",
            "Lazy bounce, -EAGAIN under NOWAIT",
            "A possible answer, in no patch: a NOWAIT read whose verification fails returns -EAGAIN instead of "
                    + "allocating the bounce buffer; the caller retries it from a context that may sleep.",
            PolicyFeatures.BASE.withRead(ReadMode.LAZY_BOUNCE_EAGAIN));
    public static final Policy NO_STABLE_WRITES = preset(
            "no-stable-writes",
            "No stable writes (md-raid1 today)",
            "The device does not set STABLE_WRITES: a folio under writeback stays writable and nobody waits.",
            PolicyFeatures.BASE);
    public static final Policy STABLE_WRITES = preset(
            "stable-writes",
            "Stable writes (folio_wait_stable)",
            "The mapping has stable writes: writers wait for writeback to finish before changing a folio.",
            PolicyFeatures.BASE.withStableWrites(true));
    public static final Policy NO_ORDERED_EXTENT_WAIT = preset(
            "no-ordered-extent-wait",
            "No ordered-extent wait (what if)",
            "A what-if: btrfs's buffered write without its wait for the ordered extent of a folio under writeback. "
                    + "A nodatasum inode's mapping has no stable writes since ecde48a1a6b3, so nothing else would hold "
                    + "a write(2) back and it would change the folio while writeback runs. Linux 6.18 does wait "
                    + "(kernel-lab buffered-divergence).",
            PolicyFeatures.BASE.withNoOrderedExtentWait(true));
    public static final Policy MD_BITMAP = preset(
            "md-bitmap",
            "md write-intent bitmap",
            "The md array keeps a write-intent bitmap: a region's bit is set before a write and cleared, lazily by "
                    + "md's bitmap daemon, some time after every leg has it; a resync after a crash copies only the "
                    + "regions whose bit is set.",
            PolicyFeatures.BASE.withBitmap(true));
    public static final Policy WRITE_PROTECT_ON_PIN = preset(
            "write-protect-on-pin",
            "Write-protect on pin (Kara's rule c)",
            "Taking a pin write-protects the user mapping; a store faults and waits until the pin is released.",
            PolicyFeatures.BASE.withWriteProtect(true));
    public static final Policy EXCLUSIVE_PIN = preset(
            "exclusive-pin",
            "Exclusive pins, blocking",
            "Direct I/O takes exclusive pins page by page; other I/O to a pinned page waits for it.",
            PolicyFeatures.BASE.withPin(PinMode.EXCLUSIVE));
    public static final Policy EXCLUSIVE_PIN_UNCACHED = preset(
            "exclusive-pin-uncached",
            "Exclusive pins, else uncached",
            "Take exclusive pins on all pages or none; if none, wait, take a normal pin and go uncached.",
            PolicyFeatures.BASE.withPin(PinMode.EXCLUSIVE_UNCACHED));
    public static final Policy WRITEBACK_SKIPS_PINNED = preset(
            "writeback-skips-pinned",
            "Writeback skips pinned folios (Hildenbrand's rule a)",
            "A proposal from the thread: writeback does not start on a folio that may be DMA-pinned "
                    + "(folio_maybe_dma_pinned()); it stays dirty until the pin is gone.",
            PolicyFeatures.BASE.withSkipPinnedWriteback(true));
    public static final Policy SWAP_REUSE = preset(
            "swap-reuse",
            "Swap: reuse the page under writeback",
            "Reclaim writes anonymous pages out whatever pins or writable mappings they have, and a fault reuses the "
                    + "page still under swap writeback: as if the swap device did not need stable pages.",
            PolicyFeatures.BASE.withSwap(SwapRules.REUSE));
    public static final Policy SWAP_STABLE = preset(
            "swap-stable",
            "Swap: pageout() and do_swap_page() rules",
            "pageout() writes an anonymous folio only when it is unmapped with no unexpected references or pins; on "
                    + "a swap device with SWP_STABLE_WRITES a fault copies the folio instead of reusing it.",
            PolicyFeatures.BASE.withSwap(SwapRules.STABLE));
    public static final Policy ASYNC_CSUM = preset(
            "async-csum",
            "Async checksums (S004)",
            "Checksums are computed by a kworker while the bio is submitted, from a saved iterator; end_io waits.",
            asyncCsum(CsumMode.ASYNC));
    public static final Policy ASYNC_CSUM_NO_SAVED_ITER = preset(
            "async-csum-no-saved-iter",
            "Async checksums without csum_saved_iter",
            "The worker walks the bio's live bi_iter, which submission advances: it may find nothing to checksum.",
            asyncCsum(CsumMode.ASYNC_NO_SAVED_ITER));
    public static final Policy ASYNC_CSUM_NO_WAIT = preset(
            "async-csum-no-wait",
            "Async checksums, end_io not waiting",
            "end_io frees the bio without waiting for csum_done: the worker may use freed memory.",
            asyncCsum(CsumMode.ASYNC_NO_WAIT));
    public static final Policy SHARED_LOCK_DIO_READS = preset(
            "shared-lock-dio-reads",
            "Parallel DIO reads (16c54688592c)",
            "ext4 DIO reads hold i_rwsem shared for the whole read; DIO writes take it exclusive.",
            PolicyFeatures.BASE.withLocking(Locking.SHARED_READS));
    public static final Policy DIOREAD_NOLOCK = preset(
            "dioread-nolock",
            "dioread_nolock (the revert, as posted)",
            "Joseph Qi's revert on a dioread_nolock mount: ext4 DIO reads take no i_rwsem, only i_dio_count; DIO "
                    + "writes take it exclusive. The revert was argued against and, as far as the record shows, not "
                    + "merged: no released kernel behaves so.",
            PolicyFeatures.BASE.withLocking(Locking.NOLOCK_READS));
    public static final Policy DIO_LOCKING = preset(
            "dio-locking",
            "DIO_LOCKING (the revert, without dioread_nolock)",
            "ext4 DIO reads hold i_rwsem only while submitting, not while waiting; DIO writes take it exclusive.",
            PolicyFeatures.BASE.withLocking(Locking.SUBMIT_LOCKED_READS));
    public static final Policy SHARED_LOCK_DIO_WRITES = preset(
            "shared-lock-dio-writes",
            "Shared-lock overwrites (aa9714d0e397)",
            "ext4 DIO reads take i_rwsem shared (ext4_dio_read_iter(), since 5.5), and so do DIO writes that overwrite "
                    + "allocated, aligned blocks without extending the file (aa9714d0e397, bc6385dab125); other DIO "
                    + "writes take it exclusive.",
            PolicyFeatures.BASE.withLocking(Locking.SHARED_WRITES));

    private final String id;
    private final String title;
    private final String summary;
    private final PolicyFeatures features;
    private final List<Policy> parts;

    private Policy(String id, String title, String summary, PolicyFeatures features, @Nullable List<Policy> parts) {
        this.id = id;
        this.title = title;
        this.summary = summary;
        this.features = features;
        this.parts = parts == null ? List.of(this) : List.copyOf(parts);
    }

    private static Policy preset(String id, String title, String summary, PolicyFeatures features) {
        Policy p = new Policy(id, title, summary, features, null);
        PRESETS.put(id, p);
        return p;
    }

    /** S004's async checksums exist only in btrfs, which waits for writeback before changing a folio. */
    private static PolicyFeatures asyncCsum(CsumMode c) {
        return PolicyFeatures.BASE.withWrite(WriteMode.BUFFERED_FALLBACK).withCsum(c);
    }

    /** Kebab-case name used in lessons, the CLI and JSON; {@code a+b} for a composition. */
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

    /** The presets this policy is made of, in the order written; a preset is made of itself. */
    public List<Policy> parts() {
        return parts;
    }

    public boolean composite() {
        return parts.size() > 1;
    }

    /** Whether every preset of {@code other} is part of this policy: a narration for it applies here too. */
    public boolean includes(Policy other) {
        return parts.containsAll(other.parts);
    }

    /** The presets, in declaration order. */
    public static Policy[] values() {
        return PRESETS.values().toArray(Policy[]::new);
    }

    /** The preset or composition {@code id} names, or empty when a part is unknown or the parts conflict. */
    public static Optional<Policy> byId(String id) {
        try {
            return Optional.of(parse(id));
        } catch (IllegalArgumentException e) {
            return Optional.empty();
        }
    }

    /**
     * The policy {@code id} names: a preset, or presets joined by {@code +} that decide different things.
     *
     * @throws IllegalArgumentException naming the unknown preset or the conflict, e.g. "bounce and
     *                                  buffered-fallback both decide how a direct write reaches the device"
     */
    public static Policy parse(String id) {
        Policy preset = PRESETS.get(id);
        if (preset != null) {
            return preset;
        }
        List<Policy> parts = new ArrayList<>();
        for (String name : id.split("\\+", -1)) {
            Policy p = PRESETS.get(name.trim());
            if (p == null) {
                throw new IllegalArgumentException("unknown policy '" + name.trim() + "'");
            }
            if (parts.contains(p)) {
                throw new IllegalArgumentException("'" + p.id + "' appears twice in '" + id + "'");
            }
            parts.add(p);
        }
        return of(parts);
    }

    /** The composition of {@code parts} (presets), interned. */
    public static synchronized Policy of(List<Policy> parts) {
        if (parts.size() == 1) {
            return parts.getFirst();
        }
        List<Policy> key = List.copyOf(parts);
        Policy known = COMPOSITES.get(key);
        if (known != null) {
            return known;
        }
        PolicyFeatures f = PolicyFeatures.BASE;
        List<String> decidedBy = new ArrayList<>();
        for (Policy p : key) {
            if (p.composite()) {
                throw new IllegalArgumentException("compose presets, not '" + p.id + "'");
            }
            f = f.compose(p.features, p.id, decidedBy);
        }
        List<String> ids = key.stream().map(Policy::id).toList();
        Policy composed = new Policy(
                String.join("+", ids),
                String.join(" + ", key.stream().map(Policy::title).toList()),
                String.join(" ", key.stream().map(Policy::summary).toList()),
                f,
                key);
        COMPOSITES.put(key, composed);
        return composed;
    }

    /** Every preset id, in declaration order. */
    public static List<String> ids() {
        return List.copyOf(PRESETS.keySet());
    }

    @Override
    public String toString() {
        return id;
    }
}
