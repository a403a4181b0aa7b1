package org.diolab.live.kernel.seed;

/**
 * One run of a seed's workload here, on the volume it needs; the runs on one volume are made together ({@link
 * SeedBench}). Rows of several tables can share a run (S003's and S004's checksummed 1 MiB writes are one workload).
 */
public enum Measurement {
    S000_NODATASUM(Volume.BTRFS),
    S000_DATASUM(Volume.BTRFS),
    NODATASUM_WRITE(Volume.BTRFS),
    DATASUM_WRITE(Volume.BTRFS),
    RAW_DEVICE_WRITE(Volume.BTRFS),
    RAID1_NODATASUM_WRITE(Volume.BTRFS),
    S002_4K(Volume.EXT4),
    S002_16K(Volume.EXT4),
    S002_64K(Volume.EXT4),
    S002_512K(Volume.EXT4),
    S002_1M(Volume.EXT4);

    /**
     * The volume a run needs: btrfs on two images (SINGLE, then the raw device, then re-formatted RAID1 on the same
     * images) or ext4 on one.
     */
    public enum Volume {
        BTRFS,
        EXT4
    }

    public final Volume volume;

    Measurement(Volume volume) {
        this.volume = volume;
    }

    /** S002's block size for its runs, or 0. */
    long s002BlockSize() {
        return switch (this) {
            case S002_4K -> 4L << 10;
            case S002_16K -> 16L << 10;
            case S002_64K -> 64L << 10;
            case S002_512K -> 512L << 10;
            case S002_1M -> 1L << 20;
            default -> 0;
        };
    }
}
