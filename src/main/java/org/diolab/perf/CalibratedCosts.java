package org.diolab.perf;

import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Locale;
import org.diolab.live.calib.Calibration;

/**
 * This machine's costs for the perf model, from a saved {@link Calibration}: GB/s (10^9 bytes) and MiB/s become the
 * model's GiB/s, and the device figure is the write or the read speed, as the workload needs.
 */
public final class CalibratedCosts {
    private static final double GIB = 1L << 30;

    private CalibratedCosts() {}

    /** The model's machine for {@code c}; {@code reads}: whether the workload reads (else it writes). */
    public static MachineCosts of(Calibration c, boolean reads) {
        double device = (reads ? c.deviceReadMibPerSec() : c.deviceWriteMibPerSec()) / 1024;
        String fs = c.machine().filesystem() == null
                ? "?"
                : c.machine().filesystem().type()
                        + (c.machine().filesystem().device() == null
                                ? ""
                                : " on " + c.machine().filesystem().device().name());
        String source = String.format(
                Locale.ROOT,
                "this machine, calibrated %s (memcpy %.1f, CRC32C %.1f hw / %.2f sw" + " GB/s, %s %s %.0f MiB/s in %s)",
                DateTimeFormatter.ISO_LOCAL_DATE.withZone(ZoneOffset.UTC).format(c.measuredAt()),
                c.memcpyGbPerSec(),
                c.crc32cHwGbPerSec(),
                c.crc32cSwGbPerSec(),
                fs,
                reads ? "read" : "write",
                reads ? c.deviceReadMibPerSec() : c.deviceWriteMibPerSec(),
                c.scratchDir());
        return new MachineCosts(
                source,
                c.memcpyGbPerSec() * 1e9 / GIB,
                c.crc32cHwGbPerSec() * 1e9 / GIB,
                c.crc32cSwGbPerSec() * 1e9 / GIB,
                device);
    }
}
