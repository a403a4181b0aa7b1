package org.diolab.engine.model;

import java.util.Collections;
import java.util.Objects;
import java.util.SortedSet;
import java.util.TreeSet;

/**
 * The file the scenario does I/O to, and the file system it lives on.
 *
 * @param fs              the file system, whose own rules the expansions follow
 * @param nodatasum       btrfs's NODATASUM flag ({@code chattr +C}): no data checksums are kept, so nothing would
 *                        notice if the stored data were not what the application meant to write
 * @param rwsem           i_rwsem, which ext4 direct I/O takes shared or exclusive depending on the policy
 * @param dioCount        i_dio_count: direct I/Os in flight without the lock ({@code inode_dio_begin/end})
 * @param nodatasumBlocks blocks that belong to another, NODATASUM file on the same volume (a RAID5 stripe may hold
 *                        a checksummed block beside an unchecksummed one)
 */
public record Inode(Filesystem fs, boolean nodatasum, RwSem rwsem, int dioCount, SortedSet<Integer> nodatasumBlocks) {
    public Inode {
        Objects.requireNonNull(fs, "fs");
        Objects.requireNonNull(rwsem, "rwsem");
        nodatasumBlocks = Collections.unmodifiableSortedSet(new TreeSet<>(nodatasumBlocks));
    }

    public Inode(boolean nodatasum) {
        this(Filesystem.GENERIC, nodatasum, RwSem.free(), 0, new TreeSet<>());
    }

    public Inode(Filesystem fs, boolean nodatasum) {
        this(fs, nodatasum, RwSem.free(), 0, new TreeSet<>());
    }

    /** Whether {@code block} has no data checksum: its file is NODATASUM, or its file system keeps none. */
    public boolean nodatasum(int block) {
        return nodatasum || !fs.dataChecksums() || nodatasumBlocks.contains(block);
    }

    public Inode withRwsem(RwSem r) {
        return new Inode(fs, nodatasum, r, dioCount, nodatasumBlocks);
    }

    public Inode withDioCount(int n) {
        return new Inode(fs, nodatasum, rwsem, n, nodatasumBlocks);
    }

    public Inode withNodatasumBlocks(java.util.Collection<Integer> blocks) {
        return new Inode(fs, nodatasum, rwsem, dioCount, new TreeSet<>(blocks));
    }
}
