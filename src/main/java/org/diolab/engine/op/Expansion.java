package org.diolab.engine.op;

import java.util.ArrayList;
import java.util.List;
import org.diolab.engine.model.Filesystem;
import org.diolab.engine.model.LockMode;
import org.diolab.engine.model.World;
import org.diolab.engine.op.PolicyFeatures.CsumMode;
import org.diolab.engine.step.Instr;
import org.diolab.engine.step.WritebackWait;

/** What every expansion needs: the policy's features, the starting world, and the steps they share. */
record Expansion(PolicyFeatures f, World world) {
    /** Whether {@code block} carries a data checksum. */
    boolean datasum(int block) {
        return !world.inode().nodatasum(block);
    }

    /**
     * The file system whose rules apply. Async checksums exist only in btrfs (S004), so under a generic model they
     * bring btrfs's rules with them: they rely on them.
     */
    Filesystem fs() {
        Filesystem fs = world.inode().fs();
        return fs == Filesystem.GENERIC && f.csum().async() ? Filesystem.BTRFS : fs;
    }

    /**
     * Whether a buffered write into the folio of {@code block} waits for its writeback. On btrfs always, whatever the
     * device says: an inode with data checksums in folio_wait_stable() (its mapping's per-inode stable-writes flag,
     * ecde48a1a6b3), a nodatasum one, whose mapping has no stable writes, on the folio's ordered extent (unless the
     * policy is the what-if without that wait). Elsewhere folio_wait_stable() waits if the policy or the device stack
     * gives the mapping stable writes.
     */
    WritebackWait bufferedWait(int block) {
        if (f.stableWrites()) {
            return WritebackWait.STABLE_MAPPING;
        }
        if (fs().perInodeStableWrites()) {
            if (datasum(block)) {
                return WritebackWait.CHECKSUMMED_INODE;
            }
            return f.noOrderedExtentWait() ? WritebackWait.NONE : WritebackWait.ORDERED_EXTENT;
        }
        return world.volume().stableWrites() ? WritebackWait.STABLE_MAPPING : WritebackWait.NONE;
    }

    /**
     * Whether a write fault on the folio of {@code block} (a store through a mapping, a FOLL_WRITE pin) waits for its
     * writeback: btrfs_page_mkwrite() always does; otherwise as for a buffered write.
     */
    WritebackWait faultWait(int block) {
        return fs().mkwriteWaitsForWriteback() ? WritebackWait.PAGE_MKWRITE : bufferedWait(block);
    }

    /** The write-fault wait of the first page-cache folio among {@code pages} (a mapped file used as a buffer). */
    WritebackWait faultWait(List<String> pages) {
        for (String id : pages) {
            org.diolab.engine.model.Page p = world.pages().get(id);
            if (p != null && p.kind() == org.diolab.engine.model.PageKind.PAGE_CACHE) {
                return faultWait(p.block());
            }
        }
        return fs().mkwriteWaitsForWriteback() ? WritebackWait.PAGE_MKWRITE : bufferedWait(-1);
    }

    String volume() {
        return world.volume().id();
    }

    /** The checksum steps of a write bio of {@code block} before submission (none on a nodatasum inode). */
    List<Instr> csum(String bio, int block) {
        if (!datasum(block)) {
            return List.of();
        }
        return switch (f.csum()) {
            case SYNC -> List.of(new Instr.ComputeCsum(bio));
            case ASYNC, ASYNC_NO_WAIT -> List.of(new Instr.QueueCsum(bio, true));
            case ASYNC_NO_SAVED_ITER -> List.of(new Instr.QueueCsum(bio, false));
        };
    }

    /** end_io of a write bio of {@code block}; it waits for csum_done unless the policy forgets to. */
    Instr endIo(String bio, int block) {
        return new Instr.AwaitBio(bio, datasum(block) && f.csum() != CsumMode.ASYNC_NO_WAIT);
    }

    /**
     * Handing a write bio of {@code count} blocks from {@code block} to the volume: a parity array first computes the
     * stripe's parity; an md array with a write-intent bitmap first sets the region's bit.
     */
    List<Instr> submitWrite(String bio, int block, int count) {
        List<Instr> out = new ArrayList<>();
        if (world.volume().layout() == org.diolab.engine.model.Volume.Layout.PARITY) {
            out.add(new Instr.ComputeParity(bio));
        }
        if (bitmap()) {
            out.add(new Instr.BitmapSet(blocks(block, count)));
        }
        out.add(new Instr.SubmitBio(bio));
        return out;
    }

    /** Waiting for a write bio: end_io, then (with a write-intent bitmap) clearing the region's bit. */
    List<Instr> completeWrite(String bio, int block, int count) {
        List<Instr> out = new ArrayList<>();
        out.add(endIo(bio, block));
        if (bitmap()) {
            out.add(new Instr.BitmapClear(blocks(block, count)));
        }
        return out;
    }

    /** md keeps a write-intent bitmap for a mirrored volume when the policy says the array has one. */
    boolean bitmap() {
        return f.bitmap() && world.volume().mirrored();
    }

    static List<Integer> blocks(int block, int count) {
        return java.util.stream.IntStream.range(block, block + count).boxed().toList();
    }

    /**
     * Wraps a direct I/O's steps in the ext4 locking the policy prescribes; {@code write} is the direct write they
     * carry out, or {@code null} for a read.
     */
    List<Instr> locked(List<Instr> body, Operation.@org.jspecify.annotations.Nullable DioWrite write) {
        boolean isWrite = write != null;
        Ext4WriteLock rule = write != null && f.locking() == PolicyFeatures.Locking.SHARED_WRITES
                ? Ext4WriteLock.of(write, world)
                : null;
        LockMode mode = switch (f.locking()) {
            case NONE -> null;
            case SHARED_READS -> isWrite ? LockMode.EXCLUSIVE : LockMode.SHARED;
            case NOLOCK_READS -> isWrite ? LockMode.EXCLUSIVE : null;
            case SUBMIT_LOCKED_READS -> isWrite ? LockMode.EXCLUSIVE : null; // reads: see ReadExpansion
            case SHARED_WRITES -> rule != null ? rule.mode() : LockMode.SHARED;
        };
        String why = rule != null ? rule.why() : "";
        List<Instr> out = new ArrayList<>();
        if (mode != null) {
            out.add(new Instr.LockRequest(mode, why));
            out.add(new Instr.LockAcquire(mode));
            out.addAll(body);
            out.add(new Instr.Unlock());
        } else if (f.locking() == PolicyFeatures.Locking.NOLOCK_READS) {
            out.add(new Instr.DioBegin());
            out.addAll(body);
            out.add(new Instr.DioEnd());
        } else {
            out.addAll(body);
        }
        return List.copyOf(out);
    }

    /** Wraps each step so it runs only when {@code mark} is (or is not) set. */
    static List<Instr> when(String mark, boolean expected, List<Instr> steps) {
        return steps.stream().<Instr>map(i -> new Instr.When(mark, expected, i)).toList();
    }
}
