package org.diolab.live.kernel.seed;

import java.util.Optional;

/**
 * What a seed row is measured by on this kernel: one run of the seed's workload on one kind of file of a volume the
 * lab builds ({@link Measurement} says which run: rows sharing one share the run), or a row this kernel cannot
 * measure, and why.
 */
public enum SeedCase {
    /** S000: libaio random 64 KiB reads at depth 64 of a nodatasum (chattr +C) file on btrfs SINGLE. */
    S000_NODATASUM(Measurement.S000_NODATASUM),
    /** S000: the same of a checksummed file: the kernel's own path for checksummed direct reads. */
    S000_DATASUM(Measurement.S000_DATASUM),
    /** S000's patched row: bouncing checksummed direct reads; no knob picks it, so not a separate measurement. */
    S000_BOUNCE(null),
    /** S003: dd-style 1 MiB O_DIRECT writes to the raw loop device. */
    S003_RAW(Measurement.RAW_DEVICE_WRITE),
    /** S003 and S004: 1 MiB O_DIRECT writes to a checksummed file on SINGLE (buffered fallback since 968f19c5b1b7). */
    DATASUM_WRITE(Measurement.DATASUM_WRITE),
    /** S003: 1 MiB O_DIRECT writes to a nodatasum file on SINGLE (zero-copy). */
    S003_NODATASUM(Measurement.NODATASUM_WRITE),
    /** S003's patched row: the RFC's bounce of nodatasum writes; no knob picks it. */
    S003_BOUNCE(null),
    /** S003's follow-up: 1 MiB O_DIRECT writes to a nodatasum file on RAID1 (7c2830f00c3e's profile fallback). */
    S003_RAID1(Measurement.RAID1_NODATASUM_WRITE),
    /** S004's vanilla row: checksum, then submit; this kernel's path unless it has the async checksum. */
    S004_VANILLA(Measurement.DATASUM_WRITE),
    /** S004's patched row: checksum while the bio is in flight, only with CONFIG_BTRFS_EXPERIMENTAL. */
    S004_ASYNC(Measurement.DATASUM_WRITE),
    S002_4K(Measurement.S002_4K),
    S002_16K(Measurement.S002_16K),
    S002_64K(Measurement.S002_64K),
    S002_512K(Measurement.S002_512K),
    S002_1M(Measurement.S002_1M);

    private final Measurement measurement;

    SeedCase(Measurement measurement) {
        this.measurement = measurement;
    }

    /** The run that measures this case here, or empty with {@link #absentBecause} saying why. */
    public Optional<Measurement> measurement(KernelFacts kernel) {
        return absentBecause(kernel).isPresent() ? Optional.empty() : Optional.ofNullable(measurement);
    }

    /** Why this kernel has no figure for the case, or empty when it is measured. */
    public Optional<String> absentBecause(KernelFacts kernel) {
        return switch (this) {
            case S000_BOUNCE ->
                Optional.of("not measured separately: a kernel has one path for checksummed direct reads and no knob"
                        + " picks the other; the datasum row is this kernel's own (zero-copy where"
                        + " `kernel-lab false-csum-read` finds the race PRESENT, as on 6.18)");
            case S003_BOUNCE ->
                Optional.of("not measured separately: a kernel has one path for nodatasum direct writes on SINGLE and"
                        + " no knob picks the RFC's bounce; the zero-copy row is this kernel's own");
            case S004_ASYNC ->
                kernel.btrfsExperimental().orElse(false)
                        ? Optional.empty()
                        : Optional.of("not in this kernel: the async checksum is built only with"
                                + " CONFIG_BTRFS_EXPERIMENTAL, which " + kernel.experimentalSaid());
            case S004_VANILLA ->
                kernel.btrfsExperimental().orElse(false)
                        ? Optional.of("not in this kernel: CONFIG_BTRFS_EXPERIMENTAL is set, so its checksummed"
                                + " writes take the async checksum (the patched row)")
                        : Optional.empty();
            default -> Optional.empty();
        };
    }
}
