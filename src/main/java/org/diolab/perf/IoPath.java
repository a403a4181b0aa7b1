package org.diolab.perf;

/**
 * The data path a policy gives one I/O, as the perf model sees it.
 */
public enum IoPath {
    /** O_DIRECT, zero copy, no data checksums: the device alone. */
    ZERO_COPY_NODATASUM,
    /** O_DIRECT, zero copy, checksummed: the checksum pass, then the device. */
    ZERO_COPY_DATASUM,
    /** One copy into a bounce buffer, then the device (S003's patch on nodatasum). */
    BOUNCE_NODATASUM,
    /** Bounce plus checksum (S000's read patch). */
    BOUNCE_DATASUM,
    /** Through the page cache: copy, checksum at writeback, device, serially (968f19c5b1b7, sync checksums). */
    BUFFERED_SYNC_CSUM,
    /** Through the page cache with the checksum overlapping submission (S004's async_csum). */
    BUFFERED_ASYNC_CSUM;

    /** Kebab-case name lessons use: {@code zero-copy-nodatasum}, {@code buffered-async-csum}, ... */
    public String id() {
        return name().toLowerCase(java.util.Locale.ROOT).replace('_', '-');
    }

    public static java.util.Optional<IoPath> byId(String id) {
        return java.util.Arrays.stream(values()).filter(p -> p.id().equals(id)).findFirst();
    }

    /** The stages of this path on {@code m}; {@code hwCrc}: whether CRC32C runs with the CPU's instructions. */
    public Pipeline pipeline(MachineCosts m, boolean hwCrc) {
        double crc = hwCrc ? m.crcHw() : m.crcSw();
        StageCost device = StageCost.serial("device", m.device());
        StageCost copy = StageCost.serial("memcpy", m.memcpy());
        StageCost csum = StageCost.serial("crc32c", crc);
        return switch (this) {
            case ZERO_COPY_NODATASUM -> Pipeline.of(device);
            case ZERO_COPY_DATASUM -> Pipeline.of(csum, device);
            case BOUNCE_NODATASUM -> Pipeline.of(copy, device);
            case BOUNCE_DATASUM, BUFFERED_SYNC_CSUM -> Pipeline.of(copy, csum, device);
            case BUFFERED_ASYNC_CSUM ->
                Pipeline.of(copy, StageCost.overlapped("crc32c", crc), StageCost.overlapped("device", m.device()));
        };
    }
}
