package org.diolab.app;

import java.time.Instant;
import java.util.List;
import java.util.TreeMap;
import org.diolab.live.job.JobSpec;
import org.diolab.live.probe.CacheResidency;
import org.diolab.live.probe.CpuTime;
import org.diolab.live.probe.Environment;
import org.diolab.live.report.AccessMix;
import org.diolab.live.report.DirectionStats;
import org.diolab.live.report.IoDepths;
import org.diolab.live.report.JobResult;
import org.diolab.live.report.LatencySummary;
import org.diolab.live.report.RaceCounters;

/** Live results made up for view tests: a job's bandwidth, buffer pages and races, on a described machine. */
final class LiveResults {
    static final Environment MACHINE = new Environment(
            "6.18.0",
            "amd64",
            "test",
            "Test CPU",
            2,
            List.of("sse4_2"),
            "JDK 25",
            new Environment.Filesystem("ext4", "/", "/dev/vda", "rw", null));

    private LiveResults() {}

    /** One run of {@code spec} that moved {@code mibPerSec} for 3 s. */
    static JobResult run(JobSpec spec, double mibPerSec, boolean hugePages, RaceCounters races) {
        long nanos = 3_000_000_000L;
        long bytes = (long) (mibPerSec * (1 << 20) * 3);
        TreeMap<Double, Long> p = new TreeMap<>();
        for (double q : LatencySummary.FIO_PERCENTILES) {
            p.put(q, 800_000L);
        }
        DirectionStats moved = new DirectionStats(
                bytes,
                bytes / spec.bs(),
                nanos,
                new LatencySummary(bytes / spec.bs(), 100_000, 900_000, 500_000, 50_000, p));
        boolean writes = spec.rw().writes();
        return new JobResult(
                spec,
                MACHINE,
                "/scratch",
                4096,
                true,
                hugePages,
                Instant.EPOCH,
                nanos,
                writes ? DirectionStats.none() : moved,
                writes ? moved : DirectionStats.none(),
                List.of(),
                races,
                new CacheResidency(0, spec.size() / 4096, "cachestat"),
                hugePages ? 1 : 256,
                CpuTime.ZERO,
                IoDepths.NONE,
                AccessMix.NONE);
    }

    static RaceCounters mirrorsDiffer(long blocks) {
        return new RaceCounters(1000, 4096, blocks, 0, 0, 0, 0, 0, 0, 0);
    }

    /** {@code r} with one 1-second sample per value of {@code mibPerSec}, for the chart. */
    static JobResult withSamples(JobResult r, double... mibPerSec) {
        List<org.diolab.live.report.BandwidthSample> samples = new java.util.ArrayList<>();
        for (int i = 0; i < mibPerSec.length; i++) {
            long bytes = (long) (mibPerSec[i] * (1 << 20));
            samples.add(new org.diolab.live.report.BandwidthSample(
                    i * 1_000_000_000L,
                    1_000_000_000L,
                    0,
                    bytes,
                    0,
                    bytes / r.job().bs()));
        }
        return new JobResult(
                r.job(),
                r.machine(),
                r.scratchDir(),
                r.alignment(),
                r.directBypassesCache(),
                r.hugePageBuffers(),
                r.startedAt(),
                r.elapsedNanos(),
                r.read(),
                r.write(),
                samples,
                r.races(),
                r.cache(),
                r.bufferRuns(),
                r.cpu(),
                r.depths(),
                r.access());
    }
}
