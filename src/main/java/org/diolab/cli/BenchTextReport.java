package org.diolab.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.diolab.live.job.BufferMemory;
import org.diolab.live.job.CsumMode;
import org.diolab.live.job.EngineSpec;
import org.diolab.live.job.FioUnits;
import org.diolab.live.job.JobSpec;
import org.diolab.live.probe.CacheResidency;
import org.diolab.live.probe.EnvironmentProbe;
import org.diolab.live.report.BandwidthSample;
import org.diolab.live.report.DirectionStats;
import org.diolab.live.report.FioComparison;
import org.diolab.live.report.FioJsonReport;
import org.diolab.live.report.IoDepths;
import org.diolab.live.report.JobResult;
import org.diolab.live.report.LatencySummary;
import org.diolab.live.report.RaceCounters;

/** Live results as text, laid out like fio's so people who read fio output find things where they expect them. */
final class BenchTextReport {
    private BenchTextReport() {}

    static String render(JobResult r) {
        StringBuilder sb = new StringBuilder();
        JobSpec j = r.job();
        sb.append(String.format(
                Locale.ROOT,
                "%s: (rw=%s%s, bs=%s, size=%s, numjobs=%d, %s, %s, mode=%s, csum=%s%s,"
                        + " mirrors=%d, mutators=%d, iomem=%s%s%s)%n",
                j.name(),
                j.rw().fioName(),
                j.rw().mixed() ? ", rwmixread=" + j.rwmixread() : "",
                FioUnits.formatSize(j.bs()),
                FioUnits.formatSize(j.size()),
                j.numjobs(),
                engine(j),
                j.timeBased() ? "runtime=" + j.runtime().toMillis() + "ms" : "one pass",
                j.mode().cliName(),
                j.csum().cliName(),
                j.csum() == CsumMode.NONE ? "" : "/" + j.csumImpl().cliName(),
                j.mirrors(),
                j.mutators(),
                j.iomem().cliName(),
                (j.nowait() ? ", nowait" : "")
                        + (j.sharedFile() ? ", shared file" : "")
                        + (j.filename().isEmpty() ? "" : ", filename=" + j.filename())
                        + (j.invalidate() ? "" : ", invalidate=0"),
                j.verify() ? ", verify" : ""));
        direction(sb, "read", r.read(), r.samples(), true);
        direction(sb, "write", r.write(), r.samples(), false);
        if (j.depth() > 1) {
            sb.append("  IO depths: ").append(depths(r.depths())).append('\n');
        }
        String access = org.diolab.live.report.AccessMix.describe(j, r.access());
        if (!access.isEmpty()) {
            sb.append("  access: ").append(access).append('\n');
        }
        sb.append("  checks: ").append(races(r.races(), j)).append('\n');
        sb.append("  page cache: ").append(cache(r.cache())).append('\n');
        sb.append("  machine: ").append(EnvironmentProbe.describe(r.machine())).append('\n');
        sb.append(String.format(
                Locale.ROOT,
                "  scratch: %s (O_DIRECT alignment %d%s); buffers: %s%s%n",
                r.scratchDir(),
                r.alignment(),
                r.directBypassesCache() ? "" : ", but this filesystem turns O_DIRECT into buffered I/O",
                r.hugePageBuffers()
                        ? "huge pages"
                        : j.iomem().huge() ? "4 KiB pages (huge pages asked for, not granted)" : "4 KiB pages",
                r.bufferRuns() > 0
                        ? ", " + FioUnits.humanBytes(j.bs()) + " in " + r.bufferRuns() + " physically contiguous run(s)"
                        : ""));
        return sb.toString();
    }

    /** fio's "IO depths" line: 1=0.1%, 2=0.1%, 4=0.2%, 8=0.4%, 16=99.2%, 32=0.0%, >=64=0.0%. */
    static String depths(IoDepths d) {
        List<String> parts = new ArrayList<>();
        for (int b = 0; b < IoDepths.LABELS.size(); b++) {
            parts.add(String.format(Locale.ROOT, "%s=%.1f%%", IoDepths.LABELS.get(b), 100 * d.share(b)));
        }
        return String.join(", ", parts);
    }

    /** "ioengine=libaio, iodepth=16" (and the batch and fixedbufs settings that differ from fio's defaults). */
    static String engine(JobSpec j) {
        EngineSpec e = j.engine();
        StringBuilder sb = new StringBuilder("ioengine=" + FioJsonReport.engineName(j) + ", iodepth=" + e.iodepth());
        if (e.batchSubmit() != 1) {
            sb.append(", iodepth_batch_submit=").append(e.batchSubmit());
        }
        if (e.completeMin() != 1) {
            sb.append(", iodepth_batch_complete_min=").append(e.completeMin());
        }
        if (!e.defaultCompleteMax()) {
            sb.append(", iodepth_batch_complete_max=").append(e.completeMax());
        }
        if (e.fixedBufs()) {
            sb.append(", fixedbufs");
        }
        if (!j.timeBased() && !j.runtime().isZero()) {
            sb.append(", at most ").append(j.runtime().toMillis()).append("ms");
        }
        return sb.toString();
    }

    private static void direction(
            StringBuilder sb, String name, DirectionStats d, List<BandwidthSample> samples, boolean read) {
        if (!d.hasIo()) {
            return;
        }
        sb.append(String.format(
                Locale.ROOT,
                "  %s: IOPS=%s, BW=%.1fMiB/s (%.1fMB/s)(%s/%dmsec)%n",
                name,
                iops(d.iops()),
                d.mibPerSecond(),
                d.bytesPerSecond() / 1e6,
                FioUnits.humanBytes(d.ioBytes()),
                d.runtimeNanos() / 1_000_000));
        LatencySummary l = d.clat();
        sb.append(String.format(
                Locale.ROOT,
                "    clat (usec): min=%.1f, max=%.1f, avg=%.1f, stdev=%.1f%n",
                l.minNs() / 1e3,
                l.maxNs() / 1e3,
                l.meanNs() / 1e3,
                l.stddevNs() / 1e3));
        sb.append(String.format(
                Locale.ROOT,
                "    clat percentiles (usec): p50=%.1f, p90=%.1f, p99=%.1f," + " p99.9=%.1f%n",
                l.p50() / 1e3,
                l.p90() / 1e3,
                l.p99() / 1e3,
                l.p999() / 1e3));
        List<Double> bw = new ArrayList<>();
        for (BandwidthSample s : samples) {
            bw.add(read ? s.readMiBps() : s.writeMiBps());
        }
        if (!bw.isEmpty()) {
            double min = bw.stream().mapToDouble(Double::doubleValue).min().orElse(0);
            double max = bw.stream().mapToDouble(Double::doubleValue).max().orElse(0);
            sb.append(String.format(
                    Locale.ROOT, "    bw (MiB/s): min=%.1f, max=%.1f, samples=%d%n", min, max, bw.size()));
        }
    }

    private static String iops(double v) {
        return v >= 10_000 ? String.format(Locale.ROOT, "%.1fk", v / 1000) : String.format(Locale.ROOT, "%.0f", v);
    }

    static String races(RaceCounters c, JobSpec j) {
        List<String> parts = new ArrayList<>();
        if (j.mutators() > 0) {
            parts.add(c.mutatorStores() + " mutator stores");
        }
        if (c.mirrorBlocksCompared() > 0) {
            parts.add(c.mirrorBlocksDiffering() + " of " + c.mirrorBlocksCompared() + " mirror blocks differ");
        }
        if (c.csumBlocksCheckedOnRead() > 0) {
            parts.add(c.csumMismatchesOnRead() + " of " + c.csumBlocksCheckedOnRead()
                    + " blocks failed their checksum when read");
        }
        if (c.csumBlocksCheckedOnDisk() > 0) {
            parts.add(c.csumMismatchesOnDisk() + " of " + c.csumBlocksCheckedOnDisk()
                    + " blocks on disk do not match their stored checksum");
        }
        if (c.verifyBlocks() > 0) {
            parts.add(c.verifyErrors() + " of " + c.verifyBlocks() + " blocks not as written"
                    + (RaceCounters.dataErrorsCount(j) ? "" : " (the mutator's own stores, not corruption)"));
        }
        if (j.nowait()) {
            parts.add(c.eagains() + " EAGAIN from RWF_NOWAIT (reissued without it)");
        }
        if (parts.isEmpty()) {
            return "none in this job (add --verify, --csum, --mirrors 2 or --mutators 1 to check invariants)";
        }
        return String.join("; ", parts) + (c.anyViolation(j) ? "  << INVARIANT VIOLATED" : "");
    }

    static String cache(CacheResidency c) {
        if (!c.known()) {
            return "unknown (neither cachestat nor mincore available)";
        }
        return String.format(
                Locale.ROOT,
                "%d of %d pages of the job's files cached after the run (%.0f%%, %s)",
                c.cachedPages(),
                c.totalPages(),
                100 * c.fraction(),
                c.method());
    }

    static String render(FioComparison c) {
        StringBuilder sb = new StringBuilder();
        JobSpec j = c.job();
        sb.append(String.format(
                Locale.ROOT,
                "%s vs %s: rw=%s bs=%s size=%s numjobs=%d %s %s mode=%s, %d pair(s),"
                        + " like for like: same files, %s, scramble_buffers=0, thread%n",
                j.name(),
                c.fioVersion(),
                j.rw().fioName(),
                FioUnits.formatSize(j.bs()),
                FioUnits.formatSize(j.size()),
                j.numjobs(),
                engine(j).replace(", ", " "),
                j.timeBased() ? "runtime=" + j.runtime().toMillis() + "ms" : "one pass",
                j.mode().cliName(),
                c.pairs().size(),
                memory(c)));
        for (FioComparison.Pair p : c.pairs()) {
            sb.append(String.format(
                    Locale.ROOT,
                    "  pair %d (%s first): DIO Lab %9.1f MiB/s %9.0f IOPS %6.3f CPU s/GiB"
                            + " | fio %9.1f MiB/s %9.0f IOPS %6.3f CPU s/GiB | ratio %.3f%n",
                    p.index() + 1,
                    p.fioFirst() ? "fio" : "DIO Lab",
                    p.dioLabBytesPerSecond() / (1 << 20),
                    p.dioLabIops(),
                    p.dioLabUsage().cpuSecondsPerGiB(),
                    p.fioBytesPerSecond() / (1 << 20),
                    p.fioIops(),
                    p.fioUsage().cpuSecondsPerGiB(),
                    p.ratio()));
        }
        sb.append(String.format(
                Locale.ROOT,
                "  median: DIO Lab %.1f MiB/s, fio %.1f MiB/s, ratio %.3f (pairs %.3f"
                        + " to %.3f); CPU s/GiB: DIO Lab %.3f, fio %.3f%n",
                c.medianDioLabBytesPerSecond() / (1 << 20),
                c.medianFioBytesPerSecond() / (1 << 20),
                c.medianRatio(),
                c.minRatio(),
                c.maxRatio(),
                c.medianDioLabCpuPerGiB(),
                c.medianFioCpuPerGiB()));
        c.notes().forEach(n -> sb.append("  note: ").append(n).append('\n'));
        sb.append("  fio command: ").append(String.join(" ", c.fioCommand())).append('\n');
        if (!c.pairs().isEmpty()) {
            sb.append("  machine: ")
                    .append(EnvironmentProbe.describe(
                            c.pairs().getFirst().dioLab().machine()))
                    .append('\n');
        }
        return sb.toString();
    }

    /** Both sides' buffer memory, as each tool got it. */
    private static String memory(FioComparison c) {
        BufferMemory kind = c.job().iomem();
        if (!kind.huge()) {
            return "4 KiB pages both (DIO Lab pages, fio iomem=malloc)";
        }
        boolean got = c.pairs().stream().allMatch(p -> p.dioLab().hugePageBuffers());
        return "2 MiB pages both (DIO Lab " + kind.cliName() + (got ? "" : " BUT NOT GRANTED: 4 KiB pages")
                + ", fio iomem=mmaphuge)";
    }
}
