package org.diolab.engine.op;

import java.util.ArrayList;
import java.util.List;
import org.diolab.engine.model.LockMode;
import org.diolab.engine.model.World;
import org.diolab.engine.op.PolicyFeatures.CsumMode;
import org.diolab.engine.step.Instr;

/** What every expansion needs: the policy's features, the starting world, and the steps they share. */
record Expansion(PolicyFeatures f, World world) {
    boolean datasum() {
        return !world.inode().nodatasum();
    }

    /** folio_wait_stable() waits if the policy or the device stack gives the mapping stable writes. */
    boolean stable() {
        return f.stableWrites() || world.volume().stableWrites();
    }

    String volume() {
        return world.volume().id();
    }

    /** The checksum steps of a write bio before submission (none on a nodatasum inode). */
    List<Instr> csum(String bio) {
        if (!datasum()) {
            return List.of();
        }
        return switch (f.csum()) {
            case SYNC -> List.of(new Instr.ComputeCsum(bio));
            case ASYNC, ASYNC_NO_WAIT -> List.of(new Instr.QueueCsum(bio, true));
            case ASYNC_NO_SAVED_ITER -> List.of(new Instr.QueueCsum(bio, false));
        };
    }

    /** end_io of a write bio; it waits for csum_done unless the policy forgets to. */
    Instr endIo(String bio) {
        return new Instr.AwaitBio(bio, datasum() && f.csum() != CsumMode.ASYNC_NO_WAIT);
    }

    /** Wraps a direct I/O's steps in the ext4 locking the policy prescribes. */
    List<Instr> locked(List<Instr> body, boolean write) {
        LockMode mode = switch (f.locking()) {
            case NONE -> null;
            case SHARED_READS -> write ? LockMode.EXCLUSIVE : LockMode.SHARED;
            case NOLOCK_READS -> write ? LockMode.EXCLUSIVE : null;
            case SUBMIT_LOCKED_READS -> write ? LockMode.EXCLUSIVE : null; // reads: see ReadExpansion
            case SHARED_WRITES -> LockMode.SHARED;
        };
        List<Instr> out = new ArrayList<>();
        if (mode != null) {
            out.add(new Instr.LockRequest(mode));
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
