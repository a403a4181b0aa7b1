package org.diolab.perf;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * Bandwidths of one machine, in GiB/s: memory copy, CRC32C with and without the CPU's instructions, and the device.
 * Presets hold the seeds' assumptions; {@code calibrate} measures this machine's.
 *
 * @param source where the numbers come from, shown beside every prediction
 */
public record MachineCosts(String source, double memcpy, double crcHw, double crcSw, double device) {
    /** The presets by the name lessons use: the one list the lesson schema's machine ids are tested against. */
    private static final Map<String, Supplier<MachineCosts>> PRESETS = presetTable();

    private static Map<String, Supplier<MachineCosts>> presetTable() {
        Map<String, Supplier<MachineCosts>> m = new LinkedHashMap<>();
        m.put("s004", MachineCosts::s004);
        m.put("s003-vm", MachineCosts::s003Vm);
        m.put("s000-vm", MachineCosts::s000Vm);
        return Collections.unmodifiableMap(m);
    }

    /** S004's "theoretic hardware": memory 50, CRC32C 45, SSD 8 GiB/s. */
    public static MachineCosts s004() {
        return new MachineCosts("S004's theoretic hardware (memory 50, CRC32C 45, SSD 8 GiB/s)", 50, 45, 45, 8);
    }

    /**
     * S003's VM: the raw disk at 2.4 GB/s (2.235 GiB/s); memory copy assumed 10 GiB/s ("the extra copy alone costs
     * 15-20%"); CRC32C in software under the kvm64 CPU model assumed 0.25 GiB/s (the 207 MB/s fallback).
     */
    public static MachineCosts s003Vm() {
        return new MachineCosts(
                "S003's VM (disk 2.4 GB/s; memcpy 10 and software CRC32C 0.25 GiB/s assumed)",
                10,
                45,
                0.25,
                2.4e9 / (1L << 30));
    }

    /** A preset by the name lessons use: {@code s004}, {@code s003-vm}, {@code s000-vm}. */
    public static Optional<MachineCosts> preset(String id) {
        Supplier<MachineCosts> p = PRESETS.get(id);
        return p == null ? Optional.empty() : Optional.of(p.get());
    }

    /** S000's VM: 988 MiB/s of 64 KiB random reads; memory and CRC32C (host-passthrough CPU) as in S004. */
    public static MachineCosts s000Vm() {
        return new MachineCosts(
                "S000's VM (device 988 MiB/s; memcpy 50, CRC32C 45 GiB/s assumed)", 50, 45, 0.25, 988.0 / 1024);
    }

    /** The preset names, in the order lessons list them. */
    public static List<String> presets() {
        return List.copyOf(PRESETS.keySet());
    }

    public MachineCosts withDevice(double gib) {
        return new MachineCosts(source, memcpy, crcHw, crcSw, gib);
    }
}
