package org.diolab.live.kernel.scenario;

/**
 * The upstream changes the kernel lab's verdicts point to, each with what it does and where that is stated: the seed
 * threads (lessons/sources) and the project's fact sheet, which took the later commits from the threads' follow-ups.
 */
final class Upstream {
    static final Reference DATASUM_FALLBACK = new Reference(
            "968f19c5b1b7",
            "btrfs: always fallback to buffered write if the inode requires checksum",
            "O_DIRECT writes to files with data checksums go through the page cache, so the data cannot change after"
                    + " it was checksummed (since 6.15: the 6.15 btrfs pull)",
            "S003, S004");
    static final Reference DUPLICATION_FALLBACK = new Reference(
            "7c2830f00c3e",
            "btrfs: fallback to buffered IO if the data profile has duplication",
            "O_DIRECT writes on profiles with copies (RAID1*, RAID5/6) go through the page cache; zero-copy stays only"
                    + " for SINGLE/RAID0 (posted 2025-10-31; an AUTOSEL mail proposed it for stable 6.12-6.19, whether"
                    + " stable took it is not confirmed, and no source here dates its merge)",
            "S003 follow-up");
    static final Reference NEVER_TRUST_BIO = new Reference(
            "",
            "btrfs: never trust the bio from direct IO",
            "RFC (2025-10-20): btrfs copies direct-I/O data into pages of its own (a bounce) for nodatasum files too",
            "S003");
    static final Reference READ_BOUNCE = new Reference(
            "",
            "btrfs: use IOMAP_DIO_BOUNCE flag for direct reads",
            "patch (2026-08-28): direct reads of checksummed files bounce; with IOCB_NOWAIT they return -EAGAIN"
                    + " because the bounce allocates memory",
            "S000");
    static final Reference LAZY_BOUNCE = new Reference(
            "",
            "lazy bounce buffering for checksummed reads",
            "Christoph Hellwig's series (v2, which he said he had just sent in his reply of 2026-08-31; where it went"
                    + " after that is not verified here): zero-copy reads, bounced and retried only after a checksum"
                    + " failure",
            "S000");
    static final Reference PARALLEL_DIO_READS = new Reference(
            "16c54688592c",
            "ext4: Allow parallel DIO reads",
            "DIO reads hold i_rwsem shared for the whole read, so a writer waits for every reader; a revert posted in"
                    + " 2019 after 3.8x slower 4k randrw on one file was argued against, and no sign was found that it"
                    + " was merged",
            "S002");
    static final Reference SHARED_DIO_WRITES = new Reference(
            "aa9714d0e397",
            "",
            "DIO writes that overwrite allocated, aligned blocks within i_size take i_rwsem shared (with bc6385dab125);"
                    + " extending, unaligned or allocating ones still take it exclusive",
            "S002 lesson");
    static final Reference DIOREAD_NOLOCK_DEFAULT = new Reference(
            "244adf6426ee",
            "",
            "dioread_nolock became ext4's default; DIO reads still hold i_rwsem shared (since 5.5's"
                    + " ext4_dio_read_iter())",
            "S002 lesson");
    static final Reference PER_INODE_STABLE_WRITES = new Reference(
            "ecde48a1a6b3",
            "btrfs: expose per-inode stable writes flag",
            "since 6.15 a btrfs inode's mapping has stable writes only when the inode has data checksums, so"
                    + " folio_wait_stable() no longer makes a nodatasum file's writers wait; btrfs_page_mkwrite() still"
                    + " waits for writeback itself, and a buffered write still waits for the folio's ordered extent",
            "fact sheet; the waits measured by buffered-divergence");
    static final Reference STABLE_WRITES_THREAD = new Reference(
            "",
            "O_DIRECT vs BLK_FEAT_STABLE_WRITES",
            "XFS and ext4 wait for writeback before a page changes only when the device sets BLK_FEAT_STABLE_WRITES"
                    + " (PI/integrity devices, NVMe-oF and iSCSI with data digest, rbd, drbd, zram; md raid5 only with"
                    + " skip_copy=1)",
            "S003");

    private Upstream() {}
}
