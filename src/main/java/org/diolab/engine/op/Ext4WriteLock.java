package org.diolab.engine.op;

import org.diolab.engine.model.LockMode;
import org.diolab.engine.model.World;

/**
 * How an ext4 direct write takes i_rwsem once DIO writes start with it shared (aa9714d0e397, bc6385dab125): shared only
 * for an overwrite of allocated, aligned blocks that does not extend the file; anything else, exclusive. The file is
 * the blocks the setup declares, the last one ending it, so a write past it extends the file and a write into a block
 * no leg holds allocates one. (Unwritten extents, which also need the exclusive lock, are not modelled.)
 */
record Ext4WriteLock(LockMode mode, String why) {
    static Ext4WriteLock of(Operation.DioWrite w, World world) {
        int last = w.block() + w.pages().size() - 1;
        int fileEnd = world.volume().dataLegs().stream()
                .flatMap(l -> world.device(l).blocks().keySet().stream())
                .mapToInt(Integer::intValue)
                .max()
                .orElse(-1);
        boolean extending = w.extending() != null ? w.extending() : last > fileEnd;
        if (extending) {
            return new Ext4WriteLock(LockMode.EXCLUSIVE, "the write extends the file, so i_size will change");
        }
        if (w.unaligned()) {
            return new Ext4WriteLock(
                    LockMode.EXCLUSIVE, "the write is unaligned, and partial blocks may have to be zeroed");
        }
        for (int b = w.block(); b <= last; b++) {
            String leg = world.volume().legsHolding(b).getFirst();
            if (world.stored(leg, b) == null) {
                return new Ext4WriteLock(
                        LockMode.EXCLUSIVE, "block " + b + " is not allocated yet, so the write is no pure overwrite");
            }
        }
        return new Ext4WriteLock(
                LockMode.SHARED, "an overwrite of allocated, aligned blocks within i_size may share it");
    }
}
