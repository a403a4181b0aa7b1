package org.diolab.engine.step;

import java.util.List;
import org.diolab.engine.model.BioOp;
import org.diolab.engine.model.LockMode;
import org.jspecify.annotations.Nullable;

/**
 * One atomic kernel or user micro-step of a thread actor. Every instruction is an interleaving point: between any two
 * of them another actor (a device's DMA, the checksum worker, another thread) may run.
 *
 * <p>{@link #label()} is the short kebab-case name lessons use to schedule and narrate steps.
 */
public sealed interface Instr {
    String label();

    /**
     * pin_user_pages(FOLL_PIN). With {@code writeProtect} (Kara's rule c) the user mapping also goes read-only, and a
     * pin for an I/O that will write into the pages ({@code forWrite}: FOLL_WRITE, a direct read) waits while anyone
     * else holds a pin. A page swapped out is faulted back in first, under {@code swap}'s rules. A FOLL_WRITE pin of a
     * file's page-cache folio is a write fault: it dirties the folio, and waits for its writeback as
     * {@code folioWait} says (btrfs_page_mkwrite(), or folio_wait_stable() on a stable-writes mapping).
     */
    record Pin(List<String> pages, boolean writeProtect, boolean forWrite, SwapRules swap, WritebackWait folioWait)
            implements Instr {
        public Pin(List<String> pages, boolean writeProtect) {
            this(pages, writeProtect, false, SwapRules.STABLE, WritebackWait.NONE);
        }

        public String label() {
            return "pin";
        }
    }

    /** unpin_user_pages() at completion; the last pin lifts a write protection taken with it. */
    record Unpin(List<String> pages) implements Instr {
        public String label() {
            return "unpin";
        }
    }

    /** Kara's blocking scheme: take an exclusive pin on one page, waiting while anyone else holds one. */
    record ExclusivePin(String page) implements Instr {
        public String label() {
            return "exclusive-pin";
        }
    }

    /** Kara's scheme with fallback: take exclusive pins on all pages at once, or none (then fall back). */
    record TryExclusivePins(String bio, List<String> pages) implements Instr {
        public String label() {
            return "try-exclusive";
        }
    }

    /** Wait until nobody else holds an exclusive pin on the pages (the fallback path). */
    record WaitExclusiveRelease(List<String> pages) implements Instr {
        public String label() {
            return "wait-exclusive";
        }
    }

    record ExclusiveUnpin(List<String> pages) implements Instr {
        public String label() {
            return "exclusive-unpin";
        }
    }

    /** Allocate kernel pages to bounce through. The allocation may sleep: under NOWAIT that is a violation. */
    record AllocBounce(List<String> pages, boolean nowait) implements Instr {
        public String label() {
            return "alloc-bounce";
        }
    }

    /** Copy user pages into bounce pages, pairwise: what a bounced write does before submission. */
    record BounceCopy(List<String> from, List<String> to) implements Instr {
        public String label() {
            return "bounce-copy";
        }
    }

    /** Copy kernel pages (bounce pages, folios) back into user pages: what a bounced read does at end_io. */
    record CopyBack(List<String> from, List<String> to) implements Instr {
        public String label() {
            return "copy-back";
        }
    }

    /** Build a bio whose bvecs point at {@code pages}; {@code target} is the volume for writes, a leg for reads. */
    record BuildBio(String bio, BioOp op, List<String> pages, int block, String target) implements Instr {
        public String label() {
            return "build-bio";
        }
    }

    /** Compute the data checksum of each block of a write bio from its pages, now, before submission. */
    record ComputeCsum(String bio) implements Instr {
        public String label() {
            return "csum";
        }
    }

    /** btrfs_csum_one_bio(async): queue a checksum work item, saving bi_iter first unless {@code saveIter} is off. */
    record QueueCsum(String bio, boolean saveIter) implements Instr {
        public String label() {
            return "queue-csum";
        }
    }

    /** Submit: a write is cloned to every leg (clones share the bvecs), a read goes to its one leg. */
    record SubmitBio(String bio) implements Instr {
        public String label() {
            return "submit";
        }
    }

    /**
     * Sleep until every clone completed, then run end_io, which frees the btrfs_bio. With {@code waitCsum} end_io
     * first waits for csum_done, as the S004 patch requires.
     */
    record AwaitBio(String bio, boolean waitCsum) implements Instr {
        public String label() {
            return "end-io";
        }
    }

    /**
     * Verify a read bio's blocks against the checksum table, from the pages its bvecs point at. A failure is logged
     * and counted against the leg that served the bio (corruption_errs), then: with {@code retryMark} set, btrfs read
     * repair goes on with the next mirror (the mark enables its steps); otherwise the read system call {@code op}
     * fails with EIO, or with {@code lazy} the failure is only marked so the read is retried through a bounce buffer.
     * A repair read that verifies sets {@code repairedMark}, which enables the rewrite of the bad copies.
     */
    record VerifyCsum(
            String bio,
            String op,
            boolean lazy,
            @Nullable String retryMark,
            @Nullable String repairedMark) implements Instr {
        public VerifyCsum(String bio, String op, boolean lazy) {
            this(bio, op, lazy, null, null);
        }

        public String label() {
            return "verify";
        }
    }

    /** The read system call {@code op} returns to the application: what it delivers, or EIO. */
    record ReturnRead(String op, List<String> pages, int block) implements Instr {
        public String label() {
            return "return";
        }
    }

    /** Give up before doing anything that could sleep: the call returns -EAGAIN (S000). */
    record ReturnEagain(String op) implements Instr {
        public String label() {
            return "eagain";
        }
    }

    /** md's "check" (echo check > sync_action): read the block from every leg and count legs that disagree. */
    record CompareMirrors(int block) implements Instr {
        public String label() {
            return "compare-mirrors";
        }
    }

    /** btrfs scrub of one block: read it from every leg and verify each copy against the checksum table. */
    record ReadVerify(int block) implements Instr {
        public String label() {
            return "read-verify";
        }
    }

    /** Return kernel pages to the allocator. */
    record FreePages(List<String> pages) implements Instr {
        public String label() {
            return "free-bounce";
        }
    }

    /**
     * A user thread writes new bytes into its own memory: a plain CPU store, which no pin prevents. If the page was
     * swapped out the store faults it back first, under {@code swap}'s rules.
     */
    record Store(String page, String bytes, SwapRules swap) implements Instr {
        public Store(String page, String bytes) {
            this(page, bytes, SwapRules.STABLE);
        }

        public String label() {
            return "store";
        }
    }

    /**
     * Buffered write of one user page into the folio caching {@code block}: folio lock, copy, mark dirty, unlock.
     * Unless {@code writebackWait} is {@link WritebackWait#NONE} it first waits for the folio's writeback to end.
     */
    record BufferedCopy(String page, int block, WritebackWait writebackWait) implements Instr {
        public String label() {
            return "buffered-copy";
        }
    }

    /**
     * A store through a writable file mapping into the folio of {@code block}. Writeback write-protects the mapping,
     * so a store during writeback faults, and page_mkwrite may wait as {@code writebackWait} says.
     */
    record MmapStore(int block, String bytes, WritebackWait writebackWait) implements Instr {
        public String label() {
            return "mmap-store";
        }
    }

    /**
     * Writeback begins on the folios of {@code blocks}: lock, set writeback, clear dirty, unlock. If none is dirty
     * (someone else wrote them back already) there is nothing to do: bio {@code bio} is marked clean and its steps
     * are skipped. With {@code skipPinned} (Hildenbrand's rule a) a folio that may be DMA-pinned stays dirty for a
     * later writeback.
     */
    record WritebackStart(List<Integer> blocks, String bio, boolean skipPinned) implements Instr {
        public WritebackStart(List<Integer> blocks, String bio) {
            this(blocks, bio, false);
        }

        public String label() {
            return "writeback-start";
        }
    }

    /** Writeback of the folios of {@code blocks} completes: the writeback flags clear. */
    record WritebackEnd(List<Integer> blocks) implements Instr {
        public String label() {
            return "writeback-end";
        }
    }

    /**
     * Create the (not yet uptodate) folio for {@code block} to read into — or, if the block is cached already, mark
     * {@code bio} as served from the cache so its device I/O is skipped.
     */
    record AddFolio(int block, String bio) implements Instr {
        public String label() {
            return "add-folio";
        }
    }

    /**
     * Drop the folio of {@code block} once its I/O is done, if it is clean and unused: RWF_DONTCACHE's drop, or the
     * invalidate_mapping_pages() btrfs's buffered fallback calls after waiting for writeback. {@code ownReference}:
     * the caller (a reader) took a reference with {@link AddFolio} and releases it here.
     */
    record DropFolio(int block, boolean ownReference, Why why) implements Instr {
        /** Who drops the folio. */
        public enum Why {
            DONTCACHE,
            INVALIDATE
        }

        public String label() {
            return why == Why.DONTCACHE ? "drop-folio" : "invalidate";
        }
    }

    /**
     * Queue on i_rwsem for {@code mode}; never blocks (queueing is what makes the lock fair). {@code why}, when not
     * empty, says why a direct write needs it exclusive (it extends the file, is unaligned, or allocates).
     */
    record LockRequest(LockMode mode, String why) implements Instr {
        public LockRequest(LockMode mode) {
            this(mode, "");
        }

        public String label() {
            return "lock-request";
        }
    }

    /** Take i_rwsem once first in line and compatible with the holders; sleeps until then. */
    record LockAcquire(LockMode mode) implements Instr {
        public String label() {
            return "lock";
        }
    }

    record Unlock() implements Instr {
        public String label() {
            return "unlock";
        }
    }

    /** inode_dio_begin(): a lockless direct I/O announces itself in i_dio_count. */
    record DioBegin() implements Instr {
        public String label() {
            return "dio-begin";
        }
    }

    record DioEnd() implements Instr {
        public String label() {
            return "dio-end";
        }
    }

    /**
     * RAID5: compute the parity of the stripes a write bio touches, from its pages as they are now and, for blocks it
     * does not cover, from what the data legs hold (read-modify-write), into kernel parity pages.
     */
    record ComputeParity(String bio) implements Instr {
        public String label() {
            return "parity";
        }
    }

    /**
     * A degraded read of {@code block}: its leg is gone, so the block is rebuilt from the stripe's parity and the other
     * data legs, then verified against the checksum table.
     */
    record Rebuild(int block) implements Instr {
        public String label() {
            return "rebuild";
        }
    }

    /** md's write-intent bitmap: set the bits of {@code blocks}' regions before the write goes to the legs. */
    record BitmapSet(List<Integer> blocks) implements Instr {
        public String label() {
            return "bitmap-set";
        }
    }

    /**
     * md's write-intent bitmap: the bits may be cleared once every leg completed the write. md's bitmap daemon does it
     * lazily, later; the model does it at the first moment it may.
     */
    record BitmapClear(List<Integer> blocks) implements Instr {
        public String label() {
            return "bitmap-clear";
        }
    }

    /**
     * md's resync after an unclean shutdown: copy {@code block} from the first leg to the others; with a bitmap
     * ({@code bitmapOnly}) only if its bit is set.
     */
    record Resync(int block, boolean bitmapOnly) implements Instr {
        public String label() {
            return "resync";
        }
    }

    /**
     * Reclaim writes the anonymous page {@code page} out to swap device {@code device} as bio {@code bio}: under
     * {@code rules} STABLE only if nothing pins it (pageout()), unmapping it and setting writeback; else the bio's
     * steps are skipped.
     */
    record PageOut(String page, String bio, String device, SwapRules rules) implements Instr {
        public String label() {
            return "pageout";
        }
    }

    /** Swap writeback of {@code page} completed: the writeback flag clears; the page stays in the swap cache. */
    record SwapWritebackEnd(String page, String bio) implements Instr {
        public String label() {
            return "writeback-end";
        }
    }

    /** Runs {@code inner} only if the mark is (or, with {@code expected} false, is not) set; otherwise skipped. */
    record When(String mark, boolean expected, Instr inner) implements Instr {
        public String label() {
            return inner.label();
        }
    }
}
