package org.diolab.app.numbers;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.diolab.live.kernel.seed.KernelFacts;
import org.diolab.live.kernel.seed.Measured;
import org.diolab.live.kernel.seed.Measurement;
import org.diolab.live.kernel.seed.SeedComparison;
import org.diolab.live.kernel.seed.SeedTables;
import org.diolab.live.kernel.seed.SeedTablesReport;
import org.diolab.live.kernel.seed.SeedTablesRequest;
import org.diolab.live.probe.Environment;
import org.diolab.live.report.DirectionStats;
import org.diolab.live.report.LatencySummary;

/** A seed-tables report as the lab would give it for S000 on a kernel where datasum reads run at 0.8 of nodatasum. */
final class KernelColumnFixture {
    private KernelColumnFixture() {}

    static SeedTablesReport s000(SeedTablesRequest req) {
        KernelFacts kernel = new KernelFacts("6.18.44", Optional.of(false));
        Map<Measurement, Measured> runs = Map.of(
                Measurement.S000_NODATASUM, read(Measurement.S000_NODATASUM, 1000),
                Measurement.S000_DATASUM, read(Measurement.S000_DATASUM, 800));
        Environment env = new Environment(
                "6.18.44",
                "amd64",
                "lab-host",
                "Test CPU",
                2,
                List.of("sse4_2"),
                "JDK 25",
                new Environment.Filesystem(
                        "ext4",
                        "/",
                        "/dev/vda",
                        "rw",
                        new Environment.BlockDevice("vda", "", true, 512, false, "none")));
        return new SeedTablesReport(
                kernel.release(),
                env,
                Instant.parse("2026-12-01T15:00:00Z"),
                "Scaled to this machine: each test file " + (req.size() >> 20) + " MiB.",
                List.of("Loop devices over vda are not the seeds' NVMe SSDs: compare ratios, not values."),
                SeedComparison.compare(SeedTables.tables(req.seeds()), runs, kernel),
                List.copyOf(runs.values()),
                List.of(),
                List.of("btrfs, data SINGLE, metadata RAID1 on 2 sparse 1024 MiB loop images (loop0, loop1)"),
                List.of());
    }

    private static Measured read(Measurement m, double mib) {
        return new Measured(
                m,
                "libaio randread bs=64k iodepth=64",
                "btrfs",
                new DirectionStats((long) (mib * (1 << 20)), 1, 1_000_000_000L, LatencySummary.empty()),
                DirectionStats.none());
    }
}
