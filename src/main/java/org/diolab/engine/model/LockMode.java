package org.diolab.engine.model;

/** How an actor wants the inode's i_rwsem: shared (readers, and ext4 overwrite DIO later) or exclusive. */
public enum LockMode {
    SHARED,
    EXCLUSIVE;

    public String label() {
        return this == SHARED ? "shared" : "exclusive";
    }
}
