package org.diolab.engine.model;

import java.util.List;
import java.util.Objects;
import java.util.SortedMap;
import java.util.TreeMap;
import org.jspecify.annotations.Nullable;

/**
 * A block I/O request. Its bvecs name the pages the device will DMA from or into; the device reads those pages
 * when its DMA step runs, not when the bio was built.
 *
 * @param pages  one bvec per page, in order; bvec {@code i} covers block {@code block + i}
 * @param target for an original write bio, the volume (it is cloned to every leg at submission); for a read, the leg
 *               the read policy chose; for a clone, its device
 * @param parent the bio this one was cloned from, or {@code null}. Clones share the parent's bvecs, hence its pages.
 * @param iter   blocks left in {@code bi_iter}; submission advances it to 0, which is why btrfs's async checksum
 *               worker must work from a saved copy (S004)
 * @param freed  the bio (with its btrfs_bio checksum state) was freed after end_io
 * @param sums   checksums computed for this write so far, by block; they enter the checksum table only when the
 *               write completes (btrfs inserts them when the ordered extent finishes)
 */
public record Bio(
        String id,
        BioOp op,
        List<String> pages,
        int block,
        String target,
        BioState state,
        @Nullable String parent,
        int iter,
        boolean freed,
        SortedMap<Integer, Long> sums) {
    public Bio {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(op, "op");
        pages = List.copyOf(pages);
        Objects.requireNonNull(target, "target");
        Objects.requireNonNull(state, "state");
        sums = Sorted.copyOf(sums);
    }

    /** A freshly built bio: its iterator covers every bvec. */
    public static Bio built(String id, BioOp op, List<String> pages, int block, String target) {
        return new Bio(id, op, pages, block, target, BioState.BUILT, null, pages.size(), false, new TreeMap<>());
    }

    public Bio withState(BioState newState) {
        return new Bio(id, op, pages, block, target, newState, parent, iter, freed, sums);
    }

    public Bio withIter(int blocks) {
        return new Bio(id, op, pages, block, target, state, parent, blocks, freed, sums);
    }

    public Bio released() {
        return new Bio(id, op, pages, block, target, state, parent, iter, true, sums);
    }

    public Bio withSum(int blockNo, long crc) {
        return new Bio(id, op, pages, block, target, state, parent, iter, freed, Sorted.with(sums, blockNo, crc));
    }

    /** The clone this bio gets on {@code device}: same bvecs, own state. */
    public Bio cloneFor(String device) {
        return cloneFor(device, pages, block);
    }

    /**
     * A clone on {@code device} that carries only {@code subset} of the bvecs (a RAID5 data leg gets the blocks it
     * holds), or other pages altogether (the parity leg gets the stripe's parity page, at the stripe's number).
     */
    public Bio cloneFor(String device, List<String> subset, int firstBlock) {
        return new Bio(
                id + "@" + device,
                op,
                subset,
                firstBlock,
                device,
                BioState.SUBMITTED,
                id,
                subset.size(),
                false,
                new TreeMap<>());
    }

    /** True until end_io of this (original) write has run: its checksums are not in the table yet. */
    public boolean writeIncomplete(int blockNo) {
        return op == BioOp.WRITE && !isClone() && state != BioState.DONE && covers(blockNo);
    }

    public boolean isClone() {
        return parent != null;
    }

    public boolean covers(int blockNo) {
        return blockNo >= block && blockNo < block + pages.size();
    }

    /**
     * True while this write may still change what is stored for {@code blockNo}: built but not yet submitted (its
     * checksum may already be in the table), or a per-device clone its device has not served. Once every clone is
     * done the data is on media, even before end_io runs.
     */
    public boolean writesInFlight(int blockNo) {
        boolean pending = isClone() ? state != BioState.DONE : state == BioState.BUILT;
        return op == BioOp.WRITE && pending && covers(blockNo);
    }
}
