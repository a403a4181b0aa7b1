package org.diolab.live.calib;

import java.time.Instant;
import org.diolab.live.probe.Environment;

/**
 * This machine's stage speeds, measured by {@link Calibrator}: the inputs of the perf model (copy, checksum, device),
 * which turns them into predicted throughput for each policy. GB/s are 10^9 bytes per second, one core.
 *
 * @param memcpyGbPerSec        copying between two large native buffers (the cost of a bounce)
 * @param crc32cHwGbPerSec      the checksum path with the JDK's CRC32C intrinsic, per 4 KiB block
 * @param crc32cSwGbPerSec      the same with the one-table software CRC32C (the seeds' kvm64 case)
 * @param deviceWriteMibPerSec  1 MiB sequential O_DIRECT writes to the scratch directory's device
 * @param deviceReadMibPerSec   1 MiB sequential O_DIRECT reads from it
 */
public record Calibration(
        Instant measuredAt,
        double memcpyGbPerSec,
        double crc32cHwGbPerSec,
        double crc32cSwGbPerSec,
        double deviceWriteMibPerSec,
        double deviceReadMibPerSec,
        String scratchDir,
        Environment machine) {}
