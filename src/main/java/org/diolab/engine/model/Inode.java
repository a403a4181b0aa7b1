package org.diolab.engine.model;

/**
 * The file the scenario does I/O to.
 *
 * @param nodatasum btrfs's NODATASUM flag ({@code chattr +C}): no data checksums are kept, so nothing would notice
 *                  if the stored data were not what the application meant to write
 * @param rwsem     i_rwsem, which ext4 direct I/O takes shared or exclusive depending on the policy
 * @param dioCount  i_dio_count: direct I/Os in flight without the lock ({@code inode_dio_begin/end})
 */
public record Inode(boolean nodatasum, RwSem rwsem, int dioCount) {
    public Inode(boolean nodatasum) {
        this(nodatasum, RwSem.free(), 0);
    }

    public Inode withRwsem(RwSem r) {
        return new Inode(nodatasum, r, dioCount);
    }

    public Inode withDioCount(int n) {
        return new Inode(nodatasum, rwsem, n);
    }
}
