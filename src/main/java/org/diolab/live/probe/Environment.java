package org.diolab.live.probe;

import java.util.List;

/**
 * The machine a number was measured on. Live numbers are only honest next to this: the same job differs between a
 * laptop NVMe and a VM disk by orders of magnitude, and software CRC32C (no {@code sse4_2}) changes the picture.
 *
 * @param cpuCrcFeatures CPU flags that accelerate CRC32C and were found ({@code sse4_2}, {@code pclmulqdq},
 *                       {@code vpclmulqdq} on x86; {@code crc32}, {@code pmull} on arm64)
 * @param filesystem     where the scratch directory lives
 */
public record Environment(
        String kernel,
        String arch,
        String hostname,
        String cpuModel,
        int logicalCpus,
        List<String> cpuCrcFeatures,
        String jdk,
        Filesystem filesystem) {
    public Environment {
        cpuCrcFeatures = List.copyOf(cpuCrcFeatures);
    }

    /** True when the CPU has the instructions the JDK's CRC32C intrinsic uses. */
    public boolean crcAccelerated() {
        return cpuCrcFeatures.contains("sse4_2") || cpuCrcFeatures.contains("crc32");
    }

    /**
     * A mount and, where it is a block device, the device.
     *
     * @param device null for filesystems without a single block device (network, overlay, tmpfs)
     */
    public record Filesystem(String type, String mountPoint, String source, String mountOptions, BlockDevice device) {}

    /**
     * A block device as sysfs describes it.
     *
     * @param stableWrites the queue's {@code stable_writes}: whether the kernel keeps pages unchanged during
     *                     writeback for this device (S003's BLK_FEAT_STABLE_WRITES)
     */
    public record BlockDevice(
            String name,
            String model,
            boolean rotational,
            int logicalBlockSize,
            boolean stableWrites,
            String scheduler) {}
}
