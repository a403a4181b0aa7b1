package org.diolab.live.report;

import java.util.List;
import java.util.Locale;
import org.diolab.live.job.BufferMemory;
import org.diolab.live.job.Engine;
import org.diolab.live.job.EngineSpec;
import org.diolab.live.job.FioUnits;
import org.diolab.live.job.JobSpec;
import org.diolab.live.job.Mode;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.PropertyNamingStrategies;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Results as a subset of fio's {@code --output-format=json}, so scripts written for fio read DIO Lab's output:
 * {@code "fio version"}, and per job {@code jobname}, {@code "job options"} and {@code read}/{@code write} with
 * fio's keys and units ({@code bw} in KiB/s, {@code runtime} in ms, latencies in ns, percentiles keyed
 * {@code "99.000000"}). Jobs are aggregated over their threads, as with fio's {@code group_reporting}. What fio has
 * no key for (mode, checksums, mirrors, race counters, page cache, samples, machine) is under {@code "dio-lab"}.
 */
public final class FioJsonReport {
    private static final JsonMapper MAPPER = JsonMapper.builder().build();
    private static final JsonMapper SNAKE = JsonMapper.builder()
            .propertyNamingStrategy(PropertyNamingStrategies.SNAKE_CASE)
            .build();

    private FioJsonReport() {}

    /** Pretty-printed JSON text of the results. */
    public static String render(List<JobResult> results) {
        return MAPPER.writerWithDefaultPrettyPrinter().writeValueAsString(toJson(results));
    }

    public static ObjectNode toJson(List<JobResult> results) {
        ObjectNode root = MAPPER.createObjectNode();
        root.put("fio version", "dio-lab-" + version());
        if (!results.isEmpty()) {
            root.put("timestamp", results.getFirst().startedAt().getEpochSecond());
            root.put("time", results.getFirst().startedAt().toString());
        }
        ArrayNode jobs = root.putArray("jobs");
        for (JobResult r : results) {
            jobs.add(job(r));
        }
        return root;
    }

    /**
     * Comparisons with fio: the usual {@code jobs} (DIO Lab's runs, one per pair) plus {@code "vs-fio"} with each
     * pair's bandwidths and ratio and the median.
     */
    public static String renderComparisons(List<FioComparison> comparisons) {
        List<JobResult> runs = new java.util.ArrayList<>();
        comparisons.forEach(c -> c.pairs().forEach(p -> runs.add(p.dioLab())));
        ObjectNode root = toJson(runs);
        ArrayNode vs = root.putArray("vs-fio");
        for (FioComparison c : comparisons) {
            ObjectNode o = vs.addObject();
            o.put("jobname", c.job().name());
            o.put("fio_version", c.fioVersion());
            ArrayNode cmd = o.putArray("fio_command");
            c.fioCommand().forEach(cmd::add);
            o.put("median_ratio", c.medianRatio());
            o.put("median_dio_lab_bw_bytes", Math.round(c.medianDioLabBytesPerSecond()));
            o.put("median_fio_bw_bytes", Math.round(c.medianFioBytesPerSecond()));
            o.put("min_ratio", c.minRatio());
            o.put("max_ratio", c.maxRatio());
            o.put("iomem", c.job().iomem().cliName());
            ArrayNode notes = o.putArray("notes");
            c.notes().forEach(notes::add);
            o.put("fio_iomem", c.job().iomem().fioName());
            o.put("median_dio_lab_cpu_s_per_gib", c.medianDioLabCpuPerGiB());
            o.put("median_fio_cpu_s_per_gib", c.medianFioCpuPerGiB());
            ArrayNode pairs = o.putArray("pairs");
            for (FioComparison.Pair p : c.pairs()) {
                ObjectNode n = pairs.addObject();
                n.put("index", p.index());
                n.put("fio_first", p.fioFirst());
                n.put("dio_lab_bw_bytes", Math.round(p.dioLabBytesPerSecond()));
                n.put("fio_bw_bytes", Math.round(p.fioBytesPerSecond()));
                n.put("dio_lab_iops", p.dioLabIops());
                n.put("fio_iops", p.fioIops());
                n.put("ratio", p.ratio());
                usage(n, "dio_lab", p.dioLabUsage());
                usage(n, "fio", p.fioUsage());
            }
        }
        return MAPPER.writerWithDefaultPrettyPrinter().writeValueAsString(root);
    }

    private static void usage(ObjectNode n, String who, FioComparison.Usage u) {
        n.put(who + "_io_bytes", u.bytes());
        n.put(who + "_cpu_user_ns", u.cpu().userNanos());
        n.put(who + "_cpu_sys_ns", u.cpu().systemNanos());
        n.put(who + "_cpu_s_per_gib", u.cpuSecondsPerGiB());
    }

    private static ObjectNode job(JobResult r) {
        JobSpec j = r.job();
        ObjectNode job = MAPPER.createObjectNode();
        job.put("jobname", j.name());
        job.put("groupid", 0);
        job.put("error", 0);
        job.put("elapsed", Math.max(1, Math.round(r.elapsedNanos() / 1e9)));
        job.set("job options", options(j, r.scratchDir()));
        job.set("read", direction(r.read(), r.samples(), true));
        job.set("write", direction(r.write(), r.samples(), false));
        job.put("job_runtime", r.elapsedNanos() / 1_000_000);
        job.set("iodepth_level", depthLevels(r.depths()));
        job.set("dio-lab", dioLab(r));
        return job;
    }

    /** The options as fio would spell them for the same job (values are strings, as in fio's output). */
    static ObjectNode options(JobSpec j, String directory) {
        ObjectNode o = MAPPER.createObjectNode();
        o.put("name", j.name());
        o.put("directory", directory);
        o.put(
                "rw",
                j.rw().fioName()
                        + (j.skip() == 0
                                ? "" // fio's rw=read:-8k: the skip after each I/O, backwards when negative
                                : ":" + (j.skip() < 0 ? "-" : "") + FioUnits.formatSize(Math.abs(j.skip()))));
        if (j.rw().mixed()) {
            o.put("rwmixread", Integer.toString(j.rwmixread()));
        }
        if (!j.filename().isEmpty()) {
            o.put("filename", j.filename());
        }
        o.put("bs", FioUnits.formatSize(j.bs()));
        o.put("size", FioUnits.formatSize(j.size()));
        o.put("numjobs", Integer.toString(j.numjobs()));
        o.put("ioengine", engineName(j));
        EngineSpec e = j.engine();
        o.put("iodepth", Integer.toString(e.iodepth()));
        if (e.batchSubmit() != 1) {
            o.put("iodepth_batch_submit", Integer.toString(e.batchSubmit()));
        }
        if (e.completeMin() != 1) {
            o.put("iodepth_batch_complete_min", Integer.toString(e.completeMin()));
        }
        if (!e.defaultCompleteMax()) {
            o.put("iodepth_batch_complete_max", Integer.toString(e.completeMax()));
        }
        if (e.fixedBufs()) {
            o.put("fixedbufs", "1");
        }
        o.put("direct", j.mode().usesODirect() ? "1" : "0");
        if (j.mode() == Mode.DONTCACHE) {
            o.put("uncached", "1");
        }
        if (j.nowait()) {
            o.put("nowait", "1");
        }
        if (j.timeBased()) {
            o.put("runtime", j.runtime().toMillis() + "ms");
            o.put("time_based", "1");
        }
        if (j.endFsync()) {
            o.put("end_fsync", "1");
        }
        o.put("randseed", Long.toString(j.randseed()));
        if (!j.invalidate()) {
            o.put("invalidate", "0");
        }
        if (j.iomem() != BufferMemory.THP) {
            o.put("iomem", j.iomem().fioName());
        }
        if (!j.access().split().isNone()) {
            o.put("bssplit", j.access().split().fioText());
        }
        if (j.access().blockAlign() > 0) {
            o.put("blockalign", FioUnits.formatSize(j.access().blockAlign()));
        }
        if (!j.access().distribution().uniform()) {
            o.put("random_distribution", j.access().distribution().fioText());
        }
        if (j.content().refills()) {
            o.put("dedupe_percentage", Integer.toString(j.content().dedupe()));
            o.put("dedupe_mode", j.content().workingSet() ? "working_set" : "repeat");
            o.put("dedupe_working_set_percentage", Integer.toString(j.content().workingSetShare()));
            o.put("dedupe_global", j.content().global() ? "1" : "0");
            o.put("buffer_compress_percentage", Integer.toString(j.content().compress()));
            o.put("buffer_compress_chunk", FioUnits.formatSize(j.content().chunk()));
        }
        if (j.pacing().poisson()) {
            o.put("rate_process", "poisson");
        }
        if (j.pacing().offload()) {
            o.put("io_submit_mode", "offload");
        }
        if (j.flow().active()) {
            o.put("flow", Integer.toString(j.flow().weight()));
            o.put("flow_id", Integer.toString(j.flow().id()));
            o.put("flow_sleep", Long.toString(j.flow().sleep().toNanos() / 1000));
        }
        if (j.cadence().numberIos() > 0) {
            o.put("number_ios", Long.toString(j.cadence().numberIos()));
        }
        if (j.cadence().thinks()) {
            o.put("thinktime", Long.toString(j.cadence().think().toNanos() / 1000));
            o.put("thinktime_blocks", Integer.toString(j.cadence().thinkBlocks()));
        }
        if (j.cadence().exit() != org.diolab.live.job.Cadence.Exit.NONE) {
            o.put("exitall", "1");
            o.put("exit_what", j.cadence().exit().name().toLowerCase(java.util.Locale.ROOT));
        }
        return o;
    }

    /** DIO Lab's count of what it issued: I/Os per bssplit size and the hit profile of a skewed distribution. */
    private static ObjectNode access(AccessMix a) {
        ObjectNode o = MAPPER.createObjectNode();
        for (boolean read : new boolean[] {true, false}) {
            List<AccessMix.SizeCount> sizes = read ? a.reads() : a.writes();
            if (!sizes.isEmpty()) {
                ObjectNode n = o.putObject(read ? "read_ios_by_bs" : "write_ios_by_bs");
                sizes.forEach(c -> n.put(FioUnits.formatSize(c.bs()), c.ios()));
            }
        }
        if (a.uniqueWrites() + a.repeatedWrites() > 0) {
            o.put("unique_writes", a.uniqueWrites());
            o.put("repeated_writes", a.repeatedWrites());
        }
        if (a.hits().present()) {
            ObjectNode h = o.putObject("hit_profile");
            h.put("cells", a.hits().cells());
            h.put("ios", a.hits().ios());
            ObjectNode top = h.putObject("hottest_share");
            for (int f = 0; f < AccessMix.HOTTEST.length; f++) {
                top.put(
                        String.format(java.util.Locale.ROOT, "%.0f%%", 100 * AccessMix.HOTTEST[f]),
                        a.hits().hottest().get(f));
            }
            h.put("unhit_fraction", a.hits().unhit());
        }
        return o;
    }

    /** fio's {@code iodepth_level}: the percentage of I/Os issued at each depth bucket. */
    private static ObjectNode depthLevels(IoDepths d) {
        ObjectNode o = MAPPER.createObjectNode();
        for (int b = 0; b < IoDepths.LABELS.size(); b++) {
            o.put(IoDepths.LABELS.get(b), 100 * d.share(b));
        }
        return o;
    }

    /**
     * fio's name of the engine that ran: psync with RWF_* flags ran preadv2/pwritev2, which fio calls pvsync2 (its
     * psync cannot pass flags).
     */
    public static String engineName(JobSpec j) {
        boolean flags = j.mode() == Mode.DONTCACHE || j.nowait();
        return j.engine().engine() == Engine.PSYNC && flags
                ? "pvsync2"
                : j.engine().engine().fioName();
    }

    private static ObjectNode direction(DirectionStats d, List<BandwidthSample> samples, boolean read) {
        ObjectNode o = MAPPER.createObjectNode();
        long runtimeMs = d.hasIo() ? Math.max(1, d.runtimeNanos() / 1_000_000) : 0;
        o.put("io_bytes", d.ioBytes());
        o.put("io_kbytes", d.ioBytes() / 1024);
        o.put("bw_bytes", Math.round(d.bytesPerSecond()));
        o.put("bw", Math.round(d.bytesPerSecond() / 1024));
        o.put("iops", d.iops());
        o.put("runtime", runtimeMs);
        o.put("total_ios", d.totalIos());
        o.put("short_ios", 0);
        o.put("drop_ios", 0);
        o.set("slat_ns", latency(LatencySummary.empty(), false));
        o.set("clat_ns", latency(d.clat(), true));
        // one latency per I/O, from queueing it to the reap that saw it done: with psync there is no submission step,
        // with libaio and io_uring queueing and submitting are one step apart at most (iodepth_batch_submit)
        o.set("lat_ns", latency(d.clat(), false));
        bandwidthStats(o, d, samples, read);
        return o;
    }

    private static ObjectNode latency(LatencySummary l, boolean percentiles) {
        ObjectNode o = MAPPER.createObjectNode();
        o.put("min", l.minNs());
        o.put("max", l.maxNs());
        o.put("mean", l.meanNs());
        o.put("stddev", l.stddevNs());
        o.put("N", l.count());
        if (percentiles && l.count() > 0) {
            ObjectNode p = o.putObject("percentile");
            l.percentilesNs().forEach((q, v) -> p.put(String.format(Locale.ROOT, "%f", q), v));
        }
        return o;
    }

    /** fio's per-interval bandwidth and IOPS statistics (bw in KiB/s), from the samples of this direction. */
    private static void bandwidthStats(ObjectNode o, DirectionStats d, List<BandwidthSample> samples, boolean read) {
        double[] bw = new double[samples.size()];
        double[] iops = new double[samples.size()];
        for (int i = 0; i < samples.size(); i++) {
            BandwidthSample s = samples.get(i);
            bw[i] = s.perSecond(read ? s.readBytes() : s.writeBytes()) / 1024;
            iops[i] = s.perSecond(read ? s.readIos() : s.writeIos());
        }
        boolean any = d.hasIo() && bw.length > 0;
        o.put("bw_min", any ? Math.round(min(bw)) : 0);
        o.put("bw_max", any ? Math.round(max(bw)) : 0);
        o.put("bw_agg", any ? 100.0 : 0.0);
        o.put("bw_mean", any ? mean(bw) : 0);
        o.put("bw_dev", any ? stddev(bw) : 0);
        o.put("bw_samples", any ? bw.length : 0);
        o.put("iops_min", any ? Math.round(min(iops)) : 0);
        o.put("iops_max", any ? Math.round(max(iops)) : 0);
        o.put("iops_mean", any ? mean(iops) : 0);
        o.put("iops_stddev", any ? stddev(iops) : 0);
        o.put("iops_samples", any ? iops.length : 0);
    }

    private static ObjectNode dioLab(JobResult r) {
        JobSpec j = r.job();
        ObjectNode o = MAPPER.createObjectNode();
        o.put("mode", j.mode().cliName());
        o.put("ioengine", engineName(j));
        o.put("iodepth", j.engine().iodepth());
        o.put("depth_in_flight", j.depth());
        o.put("csum", j.csum().cliName());
        o.put("csum_impl", j.csumImpl().cliName());
        o.put("mirrors", j.mirrors());
        o.put("mutators", j.mutators());
        o.put("nowait", j.nowait());
        o.put("verify", j.verify());
        o.put("iomem", j.iomem().cliName());
        o.put("huge_page_buffers", r.hugePageBuffers());
        o.put("cpu_user_ns", r.cpu().userNanos());
        o.put("cpu_sys_ns", r.cpu().systemNanos());
        o.put("block_size", j.bs());
        o.put("size_per_job", j.size());
        o.put("numjobs", j.numjobs());
        o.put("shared_file", j.sharedFile());
        o.put("scratch_dir", r.scratchDir());
        o.put("direct_io_alignment", r.alignment());
        o.put("direct_io_bypasses_cache", r.directBypassesCache());
        o.put("started_at", r.startedAt().toString());
        o.put("elapsed_ns", r.elapsedNanos());
        o.put("read_mib_per_s", r.read().mibPerSecond());
        o.put("write_mib_per_s", r.write().mibPerSecond());
        o.set("races", SNAKE.valueToTree(r.races()));
        o.set("page_cache", SNAKE.valueToTree(r.cache()));
        if (r.access().present()) {
            o.set("access", access(r.access()));
        }
        ArrayNode samples = o.putArray("bw_samples");
        for (BandwidthSample s : r.samples()) {
            ObjectNode n = samples.addObject();
            n.put("t_ms", s.startNanos() / 1_000_000.0);
            n.put("len_ms", s.lengthNanos() / 1_000_000.0);
            n.put("read_bytes", s.readBytes());
            n.put("write_bytes", s.writeBytes());
            n.put("read_ios", s.readIos());
            n.put("write_ios", s.writeIos());
        }
        JsonNode machine = SNAKE.valueToTree(r.machine());
        o.set("machine", machine);
        return o;
    }

    static String version() {
        String v = FioJsonReport.class.getPackage().getImplementationVersion();
        return v == null ? "dev" : v;
    }

    private static double min(double[] a) {
        double m = Double.MAX_VALUE;
        for (double v : a) {
            m = Math.min(m, v);
        }
        return m;
    }

    private static double max(double[] a) {
        double m = 0;
        for (double v : a) {
            m = Math.max(m, v);
        }
        return m;
    }

    private static double mean(double[] a) {
        double s = 0;
        for (double v : a) {
            s += v;
        }
        return s / a.length;
    }

    private static double stddev(double[] a) {
        if (a.length < 2) {
            return 0;
        }
        double m = mean(a);
        double s = 0;
        for (double v : a) {
            s += (v - m) * (v - m);
        }
        return Math.sqrt(s / (a.length - 1));
    }
}
